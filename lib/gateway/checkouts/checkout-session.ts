import { and, eq, sql } from "drizzle-orm";
import {
  CHECKOUT_CUSTOMER_FIELDS,
  type CheckoutCustomerField,
  type CheckoutRequest,
  type CheckoutStatus,
  type CheckoutView,
  type ShopperCheckoutView,
} from "@/lib/contracts/checkout";
import type { Transaction } from "@/lib/contracts/transaction";
import { type CheckoutRow, cards, checkouts, transactions } from "@/lib/db/schema";
import { describeCard } from "../cards/describe-card";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { transactionFromRow } from "../tokenization/build-transaction";
import { revealCardNumber } from "../vault/card-vault";
import { checkoutPageUrl } from "./create-checkout";

export const TOKEN_EXPIRED = "Token is expired.";
export const CANCELED_BY_SHOPPER = "Canceled by the shopper";

const CHECKOUT_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function isCheckoutToken(value: string): boolean {
  return CHECKOUT_TOKEN_PATTERN.test(value);
}

/** The shop a checkout token belongs to, or null when there is no such session. */
export async function findCheckoutShopId(deps: GatewayDeps, token: string): Promise<number | null> {
  if (!isCheckoutToken(token)) return null;
  const [row] = await deps.db
    .select({ shopId: checkouts.shopId })
    .from(checkouts)
    .where(eq(checkouts.token, token));
  return row?.shopId ?? null;
}

export async function checkoutHasTransaction(
  deps: GatewayDeps,
  token: string,
  uid: string,
): Promise<boolean> {
  if (!isCheckoutToken(token)) return false;
  const [row] = await deps.db
    .select({ token: checkouts.token })
    .from(checkouts)
    .where(and(eq(checkouts.token, token), sql`${uid} = any(${checkouts.transactionUids})`));
  return row !== undefined;
}

/** A session with its latest transaction, settled: what every view and every payment attempt starts from. */
export interface CheckoutSession {
  row: CheckoutRow;
  request: CheckoutRequest;
  lastTransaction: Transaction | null;
  expired: boolean;
  status: CheckoutStatus;
  message: string | null;
}

/** The session's status after an attempt ended with `transaction` (or with none, for a cancel). */
export function statusAfterAttempt(
  row: Pick<CheckoutRow, "attempts" | "attemptsUsed">,
  transactionStatus: Transaction["status"],
): { status: CheckoutStatus; finished: boolean } {
  if (transactionStatus === "successful") return { status: "successful", finished: true };
  if (transactionStatus === "incomplete") return { status: "incomplete", finished: false };
  return row.attemptsUsed >= row.attempts
    ? { status: "failed", finished: true }
    : { status: "pending", finished: false };
}

async function loadTransaction(deps: GatewayDeps, uid: string | undefined): Promise<Transaction | null> {
  if (!uid) return null;
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.uid, uid));
  return row ? transactionFromRow(row) : null;
}

/**
 * Loads a session, scoped to `shopId` when given. A session waiting on 3-D Secure is settled here, lazily, from
 * its transaction: the issuer's page finishes the transaction, and the next read of the session sees it.
 */
export async function loadCheckoutSession(
  deps: GatewayDeps,
  token: string,
  shopId?: number,
): Promise<CheckoutSession | null> {
  if (!isCheckoutToken(token)) return null;
  const condition =
    shopId === undefined
      ? eq(checkouts.token, token)
      : and(eq(checkouts.token, token), eq(checkouts.shopId, shopId));
  let [row] = await deps.db.select().from(checkouts).where(condition);
  if (!row) return null;
  const lastTransaction = await loadTransaction(deps, row.transactionUids.at(-1));

  if (row.status === "incomplete" && lastTransaction && lastTransaction.status !== "incomplete") {
    const next = statusAfterAttempt(row, lastTransaction.status);
    const [settled] = await deps.db
      .update(checkouts)
      .set({
        status: next.status,
        finishedAt: next.finished ? sql`${deps.clock.sqlNow()}` : null,
        updatedAt: sql`${deps.clock.sqlNow()}`,
      })
      .where(and(eq(checkouts.token, token), eq(checkouts.status, "incomplete")))
      .returning();
    [row] = settled ? [settled] : await deps.db.select().from(checkouts).where(eq(checkouts.token, token));
  }
  return describeSession(deps, row, lastTransaction);
}

export function describeSession(
  deps: GatewayDeps,
  row: CheckoutRow,
  lastTransaction: Transaction | null,
): CheckoutSession {
  const expired = row.finishedAt === null && row.status === "pending" && deps.clock.now() >= row.expiresAt;
  // A list read does not settle sessions; it reports what settling would make of them.
  const settledStatus =
    row.status === "incomplete" && lastTransaction && lastTransaction.status !== "incomplete"
      ? statusAfterAttempt(row, lastTransaction.status).status
      : row.status;
  const status: CheckoutStatus = expired ? "error" : settledStatus;
  let message: string | null = null;
  if (expired) message = TOKEN_EXPIRED;
  else if (row.status === "failed" && lastTransaction?.status !== "failed") message = CANCELED_BY_SHOPPER;
  else if (lastTransaction) message = lastTransaction.message;
  return { row, request: row.request as CheckoutRequest, lastTransaction, expired, status, message };
}

export async function requireCheckoutSession(
  deps: GatewayDeps,
  token: string,
  shopId?: number,
): Promise<CheckoutSession> {
  const session = await loadCheckoutSession(deps, token, shopId);
  if (!session) throw new GatewayError("record_not_found");
  return session;
}

/** The merchant's view (shop credentials). */
export function merchantCheckoutView(deps: GatewayDeps, session: CheckoutSession): CheckoutView {
  const { row, request } = session;
  const savedCardToken = request.payment_method?.credit_card?.token;
  return {
    token: row.token,
    shop_id: row.shopId,
    transaction_type: request.transaction_type,
    status: session.status,
    finished: row.finishedAt !== null,
    expired: session.expired,
    message: session.message,
    test: row.test,
    attempts: row.attempts,
    attempts_used: row.attemptsUsed,
    redirect_url: checkoutPageUrl(deps, row.token),
    expired_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    order: request.order,
    settings: request.settings,
    customer: request.customer ?? null,
    payment_method: savedCardToken ? { credit_card: { token: savedCardToken } } : null,
    gateway_response: session.lastTransaction ? { transaction: session.lastTransaction } : null,
  };
}

/** Request fields a shop can require, as the hosted page's customer fields. */
const REQUIRED_FIELD_TO_CUSTOMER_FIELD: Record<string, CheckoutCustomerField> = {
  "customer.email": "email",
  "customer.birth_date": "birth_date",
  "billing_address.first_name": "first_name",
  "billing_address.last_name": "last_name",
  "billing_address.address": "address",
  "billing_address.city": "city",
  "billing_address.country": "country",
  "billing_address.state": "state",
  "billing_address.zip": "zip",
  "billing_address.phone": "phone",
};

async function describeSavedCard(
  deps: GatewayDeps,
  shopId: number,
  token: string | undefined,
): Promise<{ brand: string; last_4: string } | null> {
  if (!token) return null;
  const [stored] = await deps.db
    .select()
    .from(cards)
    .where(and(eq(cards.token, token), eq(cards.shopId, shopId)));
  if (!stored) return null;
  // The number is revealed in memory only to tell its brand and last four digits.
  const description = describeCard(await revealCardNumber(deps.keyring, stored));
  return { brand: description.brand, last_4: description.last_4 };
}

/** The hosted page's view (the session token as bearer): nothing the shopper should not see. */
export async function shopperCheckoutView(
  deps: GatewayDeps,
  shop: AuthenticatedShop,
  session: CheckoutSession,
): Promise<ShopperCheckoutView> {
  const { row, request } = session;
  const { settings } = request;
  const required = shop.settings.required_fields
    .map((field) => REQUIRED_FIELD_TO_CUSTOMER_FIELD[field])
    .filter((field): field is CheckoutCustomerField => field !== undefined);
  // A field the shop requires is shown even when the session did not list it.
  const visible = CHECKOUT_CUSTOMER_FIELDS.filter(
    (field) => settings.customer_fields.visible.includes(field) || required.includes(field),
  );
  const last = session.lastTransaction;
  return {
    token: row.token,
    transaction_type: request.transaction_type,
    status: session.status,
    finished: row.finishedAt !== null,
    expired: session.expired,
    message: session.message,
    test: row.test,
    attempts_left: Math.max(0, row.attempts - row.attemptsUsed),
    language: settings.language,
    shop: {
      name: shop.settings.branding.name ?? shop.name,
      logo_url: shop.settings.branding.logo_url,
      color: shop.settings.branding.color,
    },
    order: {
      amount: request.order.amount,
      currency: request.order.currency,
      description: request.order.description,
      tracking_id: request.order.tracking_id ?? null,
    },
    customer_fields: {
      visible,
      required,
      read_only: settings.customer_fields.read_only.filter((field) => visible.includes(field)),
    },
    credit_card_fields: {
      holder: settings.credit_card_fields.holder ?? null,
      holder_required: shop.settings.required_fields.includes("credit_card.holder"),
      read_only: settings.credit_card_fields.read_only,
      verification_value_required: shop.settings.required_fields.includes("credit_card.verification_value"),
    },
    customer: request.customer ?? null,
    saved_card: await describeSavedCard(deps, row.shopId, request.payment_method?.credit_card?.token),
    save_card_toggle: settings.save_card_toggle,
    another_card_toggle: settings.another_card_toggle,
    frame_ancestors: shop.settings.frame_ancestors,
    return_urls: {
      success_url: settings.success_url ?? null,
      decline_url: settings.decline_url ?? null,
      fail_url: settings.fail_url ?? null,
      cancel_url: settings.cancel_url ?? null,
      return_url: settings.return_url ?? null,
      auto_return: settings.auto_return ?? null,
    },
    last_transaction: last
      ? {
          uid: last.uid,
          status: last.status,
          message: last.message,
          redirect_url: last.redirect_url,
          credit_card: { brand: last.credit_card.brand, last_4: last.credit_card.last_4 },
        }
      : null,
  };
}
