import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { isPlainObject } from "@/lib/contracts/fields";
import { BLANK } from "@/lib/contracts/messages";
import type { Transaction } from "@/lib/contracts/transaction";
import { checkouts } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { createPayment } from "../payments/create-payment";
import { tokenizeCard } from "../tokenization/tokenize-card";
import { type CheckoutSession, requireCheckoutSession, statusAfterAttempt } from "./checkout-session";

export const CHECKOUT_FINISHED = "Checkout is finished";
export const NO_ATTEMPTS_LEFT = "No attempts left";

/**
 * How long an attempt holds the session. It only matters when an instance dies mid-attempt: the lock then lapses
 * instead of blocking the session for good. Generous, because an attempt may wait on a merchant's verification_url.
 */
const ATTEMPT_LOCK_SECONDS = 60;

/** Fields the hosted page supplies; everything else about the payment comes from the session. */
const PAGE_FIELDS = [
  "credit_card",
  "customer",
  "billing_address",
  "language",
  "return_url",
  "three_d_secure",
] as const;

export const ANOTHER_CARD_NOT_ALLOWED = "is not allowed for this checkout: pay with the saved card";

/** Session customer fields that go to the transaction's `customer`; the rest go to its `billing_address`. */
const CUSTOMER_RECORD_FIELDS = new Set(["email", "birth_date", "ip", "device_id"]);

/**
 * The card of an attempt. A session with a saved card (oneclick) pays with it when the page sends no card number:
 * the page never sees the stored token, only brand and last 4, and must send the security code. Another card is
 * accepted only when the merchant offered it (`another_card_toggle`). A token sent by the page is ignored.
 */
function attemptCard(session: CheckoutSession, pageCard: unknown): unknown {
  if (!isPlainObject(pageCard)) return pageCard;
  const { token: _ignored, ...card } = pageCard;
  const savedToken = session.request.payment_method?.credit_card?.token;
  if (!savedToken) return card;
  const anotherCardOffered = session.request.settings.another_card_toggle.display;
  if (card.number !== undefined && card.number !== null && card.number !== "") {
    if (!anotherCardOffered)
      throw GatewayError.validation({ credit_card: { number: [ANOTHER_CARD_NOT_ALLOWED] } });
    return card;
  }
  if (typeof card.verification_value !== "string" || card.verification_value === "") {
    throw GatewayError.validation({ credit_card: { verification_value: [BLANK] } });
  }
  return { token: savedToken, verification_value: card.verification_value, holder: card.holder };
}

/**
 * Customer and billing fields of an attempt. A field the page shows is the shopper's (a read-only one keeps the
 * session's value whatever the page sends); a field it does not show keeps what the merchant put on the session,
 * so a merchant's customer data reaches the transaction without being put in front of the shopper.
 */
function attemptShopper(session: CheckoutSession, pageRequest: Record<string, unknown>) {
  const fromSession: Record<string, unknown> = { ...session.request.customer };
  const { visible, read_only: readOnly } = session.request.settings.customer_fields;
  const parts = { customer: {} as Record<string, unknown>, billing_address: {} as Record<string, unknown> };
  const fromPage: Record<string, unknown> = {};
  for (const part of ["customer", "billing_address"] as const) {
    const sent = pageRequest[part];
    // Not an object: passed on as sent, for the tokenization's validation to name.
    if (sent !== undefined && sent !== null && !isPlainObject(sent)) return { [part]: sent };
    Object.assign(fromPage, sent ?? {});
  }
  for (const field of new Set([...Object.keys(fromSession), ...Object.keys(fromPage)])) {
    const shown = (visible as readonly string[]).includes(field);
    const fixed = (readOnly as readonly string[]).includes(field) && fromSession[field] != null;
    const value = fixed
      ? fromSession[field]
      : shown
        ? fromPage[field]
        : (fromPage[field] ?? fromSession[field]);
    if (value === undefined || value === null) continue;
    parts[CUSTOMER_RECORD_FIELDS.has(field) ? "customer" : "billing_address"][field] = value;
  }
  return {
    customer: Object.keys(parts.customer).length > 0 ? parts.customer : undefined,
    billing_address: Object.keys(parts.billing_address).length > 0 ? parts.billing_address : undefined,
  };
}

/** The request of one attempt: the page's card and shopper fields on top of the session's order. */
function attemptRequest(
  session: CheckoutSession,
  pageRequest: Record<string, unknown>,
): Record<string, unknown> {
  const { order, settings } = session.request;
  const request: Record<string, unknown> = {};
  for (const field of PAGE_FIELDS) {
    if (pageRequest[field] !== undefined) request[field] = pageRequest[field];
  }
  return {
    ...request,
    ...attemptShopper(session, pageRequest),
    credit_card: attemptCard(session, pageRequest.credit_card),
    language: request.language ?? settings.language,
    amount: order.amount,
    currency: order.currency,
    description: order.description,
    tracking_id: order.tracking_id ?? null,
    additional_data: order.additional_data,
    notification_url: settings.notification_url ?? null,
    verification_url: settings.verification_url ?? null,
    test: session.row.test,
  };
}

/** Why a session cannot take a payment now; null when it can. */
function refusal(session: CheckoutSession, now: Date): GatewayError | null {
  const { row } = session;
  if (session.expired) return GatewayError.base(session.message ?? CHECKOUT_FINISHED);
  if (row.finishedAt !== null || row.status === "successful" || row.status === "failed") {
    return GatewayError.base(CHECKOUT_FINISHED);
  }
  if (row.status === "incomplete") return new GatewayError("attempt_in_progress");
  if (row.attemptLockedUntil && row.attemptLockedUntil > now) return new GatewayError("attempt_in_progress");
  if (row.attemptsUsed >= row.attempts) return GatewayError.base(NO_ATTEMPTS_LEFT);
  return null;
}

/**
 * POST /transactions/tokenizations with a checkout token as the credential: one payment attempt of the hosted page,
 * which does what the session's `transaction_type` says: stores the card, charges it, or holds the amount.
 * The attempt is claimed in the database first (counted, and locked so a second concurrent attempt on the same
 * session is refused on every instance); a request the gateway rejects as invalid gives the attempt back.
 */
export async function payThroughCheckout(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  token: string;
  body: unknown;
}): Promise<Transaction> {
  const { deps, shop, token } = options;
  const session = await requireCheckoutSession(deps, token, shop.id);
  const refused = refusal(session, deps.clock.now());
  if (refused) throw refused;

  const now = deps.clock.sqlNow();
  const [claimed] = await deps.db
    .update(checkouts)
    .set({
      attemptsUsed: sql`${checkouts.attemptsUsed} + 1`,
      attemptLockedUntil: sql`${now} + make_interval(secs => ${ATTEMPT_LOCK_SECONDS})`,
      updatedAt: sql`${now}`,
    })
    .where(
      and(
        eq(checkouts.token, token),
        eq(checkouts.status, "pending"),
        isNull(checkouts.finishedAt),
        gt(checkouts.expiresAt, now),
        lt(checkouts.attemptsUsed, checkouts.attempts),
        or(isNull(checkouts.attemptLockedUntil), lte(checkouts.attemptLockedUntil, now)),
      ),
    )
    .returning();
  // Another request changed the session between the read and the claim: explain with a fresh read.
  if (!claimed) {
    throw (
      refusal(await requireCheckoutSession(deps, token, shop.id), deps.clock.now()) ??
      new GatewayError("attempt_in_progress")
    );
  }

  const pageRequest =
    isPlainObject(options.body) && isPlainObject(options.body.request) ? options.body.request : {};
  const type = session.request.transaction_type;
  let transaction: Transaction;
  try {
    const body = { request: attemptRequest(session, pageRequest) };
    transaction =
      type === "payment" || type === "authorization"
        ? await createPayment({ deps, shop, body, type })
        : await tokenizeCard({ deps, shop, body });
  } catch (error) {
    // Nothing was processed: the shopper keeps the attempt.
    await deps.db
      .update(checkouts)
      .set({
        attemptsUsed: sql`${checkouts.attemptsUsed} - 1`,
        attemptLockedUntil: null,
        updatedAt: sql`${now}`,
      })
      .where(eq(checkouts.token, token));
    throw error;
  }

  const next = statusAfterAttempt(claimed, transaction.status);
  await deps.db
    .update(checkouts)
    .set({
      status: next.status,
      finishedAt: next.finished ? sql`${now}` : null,
      attemptLockedUntil: null,
      transactionUids: sql`array_append(${checkouts.transactionUids}, ${transaction.uid})`,
      updatedAt: sql`${now}`,
    })
    .where(eq(checkouts.token, token));
  return transaction;
}

/** POST /ctp/api/checkouts/{token}/cancel: the shopper gives up; the session fails and cannot be paid any more. */
export async function cancelCheckout(options: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  token: string;
}): Promise<CheckoutSession> {
  const { deps, shop, token } = options;
  await requireCheckoutSession(deps, token, shop.id);
  const now = deps.clock.sqlNow();
  const [canceled] = await deps.db
    .update(checkouts)
    .set({ status: "failed", finishedAt: sql`${now}`, attemptLockedUntil: null, updatedAt: sql`${now}` })
    .where(
      and(
        eq(checkouts.token, token),
        eq(checkouts.status, "pending"),
        isNull(checkouts.finishedAt),
        gt(checkouts.expiresAt, now),
        or(isNull(checkouts.attemptLockedUntil), lte(checkouts.attemptLockedUntil, now)),
      ),
    )
    .returning();
  const session = await requireCheckoutSession(deps, token, shop.id);
  if (!canceled) throw refusal(session, deps.clock.now()) ?? GatewayError.base(CHECKOUT_FINISHED);
  return session;
}
