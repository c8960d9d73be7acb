import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { SubscriptionState } from "@/lib/contracts/subscription";
import { checkouts, plans, type SubscriptionRow, subscriptions, transactions } from "@/lib/db/schema";
import { checkoutPageUrl, createCheckout, validateCheckout } from "../checkouts/create-checkout";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { recordSubscriptionEvent } from "./events";
import { claimDueSubscriptions } from "./renewal-claim";
import { chargeClaimed } from "./renewals";
import { CHARGEABLE_STATES, lockSubscription, updateInState } from "./transitions";

const CARD_UPDATE_TOKEN = /^[0-9a-f]{64}$/;
/** How long the shopper's card update page lives. */
const CARD_UPDATE_SESSION_MS = 24 * 3600_000;

/**
 * Replaces the card a subscription's renewals are charged to (a `recurring` token of its shop), emits
 * `subscription.card_updated`, and — when a renewal is failing (`failed_attempt`, `rescuing`) — makes it due now and
 * retries it at once, through the same claim and charge as the scheduler. False when the subscription can no longer
 * be charged (ended meanwhile).
 */
export async function replaceSubscriptionCard(
  deps: GatewayDeps,
  id: string,
  token: string,
): Promise<boolean> {
  const retry = await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    const state = row?.state as SubscriptionState | undefined;
    if (!row || !state || !CHARGEABLE_STATES.includes(state)) return null;
    const failing = state === "failed_attempt" || state === "rescuing";
    const present = row.clockAt && row.clockAt > deps.clock.now() ? row.clockAt : deps.clock.now();
    const updated = await updateInState(tx, {
      id,
      state,
      set: { cardToken: token, ...(failing ? { renewAt: present } : {}) },
    });
    if (!updated) return null;
    await recordSubscriptionEvent(deps, tx, "subscription.card_updated", updated);
    return { failing, present };
  });
  if (!retry) return false;
  deps.outbox.nudge();
  if (retry.failing) {
    const [claimed] = await claimDueSubscriptions(deps, {
      limit: 1,
      subscriptionId: id,
      dueBy: retry.present,
    });
    if (claimed) await chargeClaimed(deps, claimed, { first: false });
  }
  return true;
}

/**
 * The shopper's "update your card" link (`card_update_url`): opens a hosted-page session of type tokenization with
 * contract `recurring` (3-D Secure as the shop's setting says), bound to the subscription, and answers where to send
 * the shopper. A session still open is reused.
 */
export async function openCardUpdate(deps: GatewayDeps, cardUpdateToken: string): Promise<string> {
  if (!CARD_UPDATE_TOKEN.test(cardUpdateToken)) throw new GatewayError("not_found");
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.cardUpdateToken, cardUpdateToken));
  if (!row || !CHARGEABLE_STATES.includes(row.state as SubscriptionState))
    throw new GatewayError("not_found");
  await settleCardUpdates(deps, row.id);
  if (row.cardUpdateCheckout) {
    const [open] = await deps.db
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.token, row.cardUpdateCheckout),
          eq(checkouts.status, "pending"),
          sql`${checkouts.expiresAt} > ${deps.clock.sqlNow()}`,
        ),
      );
    if (open) return checkoutPageUrl(deps, open.token);
  }
  const shop = await deps.shops.get(row.shopId);
  if (!shop) throw new GatewayError("not_found");
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, row.planId));
  const session = await createCheckout({
    deps,
    shop,
    // The card is kept to be charged without the subscriber: it is authenticated here, whatever the shop's setting.
    requireThreeDSecure: true,
    request: validateCheckout(deps, {
      checkout: {
        transaction_type: "tokenization",
        test: row.test,
        attempts: 3,
        order: {
          amount: plan.amount,
          currency: plan.currency,
          description: plan.title.slice(0, 255),
          expired_at: new Date(deps.clock.now().getTime() + CARD_UPDATE_SESSION_MS).toISOString(),
          additional_data: { contract: ["recurring"] },
        },
        settings: {
          ...(row.returnUrl ? { return_url: withId(row.returnUrl, row.id) } : {}),
          language: row.language ?? "en",
        },
      },
    }),
  });
  await deps.db
    .update(subscriptions)
    .set({ cardUpdateCheckout: session.token })
    .where(eq(subscriptions.id, row.id));
  return checkoutPageUrl(deps, session.token);
}

function withId(returnUrl: string, id: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set("id", id);
  return url.toString();
}

/**
 * Applies the card update pages that succeeded: the card the page stored replaces the subscription's (once: the
 * session is unbound in the same step). Run by the scheduler, and when the link is opened again.
 */
export async function settleCardUpdates(deps: GatewayDeps, subscriptionId?: string): Promise<number> {
  const rows = await deps.db
    .select({ subscription: subscriptions, checkout: checkouts })
    .from(subscriptions)
    .innerJoin(checkouts, eq(checkouts.token, subscriptions.cardUpdateCheckout))
    .where(
      and(
        isNotNull(subscriptions.cardUpdateCheckout),
        eq(checkouts.status, "successful"),
        subscriptionId ? eq(subscriptions.id, subscriptionId) : undefined,
      ),
    )
    .limit(50);
  let settled = 0;
  for (const { subscription, checkout } of rows) {
    if (await settleOne(deps, subscription, checkout.token, checkout.transactionUids.at(-1) ?? null))
      settled += 1;
  }
  return settled;
}

async function settleOne(
  deps: GatewayDeps,
  row: SubscriptionRow,
  checkoutToken: string,
  uid: string | null,
): Promise<boolean> {
  // Unbind first, conditionally: of several instances settling at once, one replaces the card.
  const [unbound] = await deps.db
    .update(subscriptions)
    .set({ cardUpdateCheckout: null })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.cardUpdateCheckout, checkoutToken)))
    .returning({ id: subscriptions.id });
  if (!unbound || !uid) return false;
  const [transaction] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  if (!transaction?.cardToken) return false;
  return replaceSubscriptionCard(deps, row.id, transaction.cardToken);
}
