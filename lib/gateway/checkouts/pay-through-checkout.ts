import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { SUBSCRIPTION_EMAIL_BLANK } from "@/lib/contracts/messages";
import type { Transaction } from "@/lib/contracts/transaction";
import { checkouts } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { createPayment } from "../payments/create-payment";
import { validatePayment } from "../payments/validate-payment";
import {
  boundHeldChallenge,
  holdProductStock,
  releaseProductStock,
  settleProductStock,
} from "../products/product-stock";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { tokenizeCard } from "../tokenization/tokenize-card";
import { validateTokenization } from "../tokenization/validate-tokenization";
import { attemptKeepsCard, attemptRequest, checkReturnUrl, type PageRequest } from "./attempt-request";
import { type CheckoutSession, requireCheckoutSession, statusAfterAttempt } from "./checkout-session";
import { sessionDisclosesKeptCard, sessionRequiresEmail } from "./shopper-views";

export const CHECKOUT_FINISHED = "Checkout is finished";
export const NO_ATTEMPTS_LEFT = "No attempts left";

/**
 * How long an attempt holds the session. It only matters when an instance dies mid-attempt: the lock then lapses
 * instead of blocking the session for good. Generous, because an attempt may wait on a merchant's verification_url.
 */
const ATTEMPT_LOCK_SECONDS = 60;

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
  /** The page's fields (`readPageRequest`), judged with the session's once the attempt is claimed. */
  pageRequest: PageRequest;
  /** The client's address as the gateway resolved it (through trusted proxies): the transaction's `customer.ip`. */
  clientAddress: string;
}): Promise<Transaction> {
  const { deps, shop, token, pageRequest } = options;
  const session = await requireCheckoutSession(deps, token, shop.id);
  const refused = refusal(session, deps.clock.now());
  if (refused) throw refused;
  // Before the attempt is claimed: a page sending a foreign address is refused without touching the session.
  checkReturnUrl(deps, session, pageRequest.return_url);
  const requiresEmail = await sessionRequiresEmail(deps, token);

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

  const type = session.request.transaction_type;
  const productId = claimed.productId;
  let transaction: Transaction;
  // A payment link's session: one unit of the product's stock is held before the acquirer is asked.
  let stockHold: string | null = null;
  try {
    // The hold names the payment's uid before the acquirer is asked, so a request that dies midway is settled by
    // the sweep from the transaction itself.
    const uid = randomUUID();
    if (productId)
      stockHold = await holdProductStock(deps, { productId, checkoutToken: token, transactionUid: uid });
    const request = attemptRequest({ shop, session, pageRequest, clientAddress: options.clientAddress });
    // A plan link's subscription makes its customer from this page: without an e-mail, nobody could be told about
    // a renewal or a card that needs updating. Refused before the acquirer is asked; the attempt is given back.
    const email = (request.customer as { email?: unknown } | undefined)?.email;
    if (requiresEmail && (typeof email !== "string" || email.trim() === "")) {
      throw GatewayError.validation({ customer: { email: [SUBSCRIPTION_EMAIL_BLANK] } });
    }
    const body = { request };
    // Set from the session, never from the page's request: the page showed the notice exactly then.
    const consentShown = sessionDisclosesKeptCard(session.request);
    transaction =
      type === "payment" || type === "authorization"
        ? await createPayment({
            deps,
            shop,
            // The page's fields are the shopper's: validated as any merchant's request is.
            request: validatePayment(deps, body, shop),
            type,
            keepCard: attemptKeepsCard(session, pageRequest),
            uid,
            consentShown,
            requireThreeDSecure: claimed.threeDSecureRequired,
          })
        : await tokenizeCard({
            deps,
            shop,
            request: validateTokenization(deps, body, shop),
            consentShown,
            requireThreeDSecure: claimed.threeDSecureRequired,
          });
  } catch (error) {
    // Nothing was processed: the shopper keeps the attempt, and the product its unit.
    if (stockHold) await releaseProductStock(deps, stockHold);
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

  // Waiting on the shopper's challenge, the unit stays held only for a few minutes (an abandoned challenge's half hour
  // would keep it from every other buyer).
  if (stockHold && transaction.status === "incomplete") await boundHeldChallenge(deps, transaction.uid);

  const next = statusAfterAttempt(claimed, transaction.status);
  const recordOutcome = (db: Pick<typeof deps.db, "update">) =>
    db
      .update(checkouts)
      .set({
        status: next.status,
        finishedAt: next.finished ? sql`${now}` : null,
        attemptLockedUntil: null,
        transactionUids: sql`array_append(${checkouts.transactionUids}, ${transaction.uid})`,
        updatedAt: sql`${now}`,
      })
      .where(eq(checkouts.token, token));
  const hold = stockHold;
  if (hold) {
    // The unit is taken (or given back) in the database transaction that records the session's outcome.
    await deps.db.transaction(async (tx) => {
      await settleProductStock(deps, hold, transaction, tx);
      await recordOutcome(tx);
    });
  } else {
    await recordOutcome(deps.db);
  }
  return transaction;
}

/** POST /ctp/api/checkouts/{token}/cancel: the shopper gives up; the session fails and cannot be paid any more. */
export async function cancelCheckout(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
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
