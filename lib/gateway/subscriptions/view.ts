import { eq, inArray } from "drizzle-orm";
import type { FailureReason, Subscription, SubscriptionState } from "@/lib/contracts/subscription";
import {
  cards,
  type PlanRow,
  plans,
  type SubscriptionRow,
  subscriptions,
  transactions,
} from "@/lib/db/schema";
import { describeCard } from "../cards/describe-card";
import { checkoutPageUrl } from "../checkouts/create-checkout";
import type { GatewayDeps } from "../context";
import { issuerUrls } from "../three-d-secure/verification-result";
import type { OwnBody } from "../transactions/own-body";
import { storedResult } from "../transactions/transaction-view";
import { revealCardNumber } from "../vault/card-vault";
import { planFromRow } from "./plans";

type Reader = Pick<GatewayDeps["db"], "select">;

/** The link that opens the hosted page where the shopper replaces the card renewals are charged to. */
export function cardUpdateUrl(gatewayPublicUrl: string, cardUpdateToken: string): string {
  return `${gatewayPublicUrl.replace(/\/$/, "")}/subscription_cards/${cardUpdateToken}`;
}

/**
 * The link of the subscriber's own cancel page (a page of the checkout app, which asks the gateway with the token):
 * whoever has it may cancel at the period's end, as whoever has `card_update_url` may replace the card.
 */
export function cancelUrl(publicUrl: string, cancelToken: string): string {
  return `${publicUrl.replace(/\/$/, "")}/subscription/cancel/${cancelToken}`;
}

/** States a subscriber may still cancel from (their own link shows then). */
export const CANCELABLE_STATES: readonly SubscriptionState[] = [
  "trial",
  "active",
  "failed_attempt",
  "rescuing",
  "paused",
];

/** Subscriptions as the API shows them: the whole plan, the masked card, the last charge. */
export async function subscriptionsFromRows(
  deps: Pick<GatewayDeps, "keyring" | "config">,
  db: Reader,
  rows: SubscriptionRow[],
): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const planIds = [...new Set(rows.map((row) => row.planId))];
  const tokens = [
    ...new Set(rows.map((row) => row.cardToken).filter((token): token is string => token !== null)),
  ];
  const uids = [
    ...new Set(rows.map((row) => row.lastTransactionUid).filter((uid): uid is string => uid !== null)),
  ];
  const [planRows, cardRows, transactionRows] = await Promise.all([
    db.select().from(plans).where(inArray(plans.id, planIds)),
    tokens.length ? db.select().from(cards).where(inArray(cards.token, tokens)) : Promise.resolve([]),
    uids.length
      ? db
          .select({
            uid: transactions.uid,
            status: transactions.status,
            type: transactions.type,
            body: transactions.body,
            createdAt: transactions.createdAt,
          })
          .from(transactions)
          .where(inArray(transactions.uid, uids))
      : Promise.resolve([]),
  ]);
  const planById = new Map<string, PlanRow>(planRows.map((row) => [row.id, row]));
  const cardByToken = new Map(cardRows.map((row) => [row.token, row]));
  const transactionByUid = new Map(transactionRows.map((row) => [row.uid, row]));
  const publicUrl = deps.config.publicUrl;
  return Promise.all(
    rows.map(async (row): Promise<Subscription> => {
      const card = row.cardToken ? cardByToken.get(row.cardToken) : undefined;
      const description = card ? describeCard(await revealCardNumber(deps.keyring, card)) : null;
      const last = row.lastTransactionUid ? transactionByUid.get(row.lastTransactionUid) : undefined;
      const lastBody = last?.body as OwnBody | undefined;
      const state = row.state as SubscriptionState;
      return {
        id: row.id,
        state,
        plan: planFromRow(planById.get(row.planId) as PlanRow, publicUrl),
        customer: row.customerId ? { id: row.customerId } : null,
        card:
          card && description
            ? {
                token: card.token,
                stamp: card.stamp,
                brand: description.brand,
                first_1: description.first_1,
                last_4: description.last_4,
                holder: card.holder,
                exp_month: card.expMonth,
                exp_year: card.expYear,
              }
            : null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        renew_at: row.renewAt?.toISOString() ?? null,
        active_to: row.activeTo?.toISOString() ?? null,
        billing_anchor: row.billingAnchor?.toISOString() ?? null,
        paid_billing_cycles: row.paidBillingCycles,
        number_failed_payment_attempts: row.numberFailedPaymentAttempts,
        last_transaction:
          last && lastBody
            ? {
                uid: last.uid,
                status: last.status,
                message:
                  (last.type !== "tokenization" ? storedResult(last)?.message : null) ??
                  lastBody.message ??
                  null,
                created_at: last.createdAt.toISOString(),
              }
            : null,
        tracking_id: row.trackingId,
        cancel_reason: row.cancelReason,
        cancelled_at: row.cancelledAt?.toISOString() ?? null,
        return_url: row.returnUrl,
        notification_url: row.notificationUrl,
        additional_data: (row.additionalData as Record<string, unknown> | null) ?? null,
        language: row.language,
        test: row.test,
        ...(state === "redirecting" && row.checkoutToken
          ? { redirect_url: checkoutPageUrl(deps, row.checkoutToken) }
          : state === "redirecting" && row.lastTransactionUid
            ? // Its card's holder is to pass the issuer's 3-D Secure challenge there.
              { redirect_url: issuerUrls(deps.config.gatewayPublicUrl, row.lastTransactionUid).acsUrl }
            : {}),
        card_update_url: ["trial", "active", "failed_attempt", "rescuing"].includes(state)
          ? cardUpdateUrl(deps.config.gatewayPublicUrl, row.cardUpdateToken)
          : null,
        cancel_url: CANCELABLE_STATES.includes(state) ? cancelUrl(publicUrl, row.cancelToken) : null,
        pending_plan: row.pendingPlanId ? { id: row.pendingPlanId } : null,
        paused_at: row.pausedAt?.toISOString() ?? null,
        resume_at: row.resumeAt?.toISOString() ?? null,
        last_failure_reason: (row.lastFailureReason as FailureReason | null) ?? null,
      };
    }),
  );
}

export async function subscriptionFromRow(
  deps: Pick<GatewayDeps, "keyring" | "config">,
  db: Reader,
  row: SubscriptionRow,
): Promise<Subscription> {
  const [view] = await subscriptionsFromRows(deps, db, [row]);
  return view;
}

export async function findSubscriptionRow(db: Reader, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}
