import { randomUUID } from "node:crypto";
import type { Contract } from "@/lib/contracts/tokenization";
import type { Transaction } from "@/lib/contracts/transaction";
import { describeCard } from "../cards/describe-card";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { transactionAwaitingVerification, verifyWithMerchant } from "../notifications/merchant-verification";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { issuerUrls } from "../three-d-secure/verification-result";
import { sightCard } from "../tokenization/sight-card";
import { buildTransactionBody, transactionFromRow } from "../transactions/build-transaction";
import { hasRecentDuplicate } from "../transactions/duplicate-check";
import { finishMoneyTransaction } from "../transactions/finish-money-transaction";
import { moneyTransactionBody, pendingMoneyResult } from "../transactions/money-transaction-body";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { sealCardNumber } from "../vault/card-vault";
import { generateCardToken } from "../vault/tokens";
import { askAcquirer } from "./ask-acquirer";
import { decidePayment } from "./decide-payment";
import { moneyFingerprint } from "./money-fingerprint";
import { finishedMoneyBody, outcomeFromAnswer, receiptUrl, refusedOutcome } from "./money-outcome";
import { amountsBeforeChildren, authorizationExpiry } from "./parent-amounts";
import { resolveMoneyCard } from "./resolve-money-card";
import { validatePayment } from "./validate-payment";

export interface CreatePaymentOptions {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  /** The parsed JSON body, `{ "request": { ... } }`, not yet validated. */
  body: unknown;
  type: "payment" | "authorization";
  /**
   * False when a hosted-page shopper did not choose to save the card (`save_card_toggle`): a card sent in full is
   * held only for this charge and no token is returned. True (the API's behaviour) when not given.
   */
  keepCard?: boolean;
  /** The transaction's uid when the caller recorded it beforehand (a payment link's stock hold); random otherwise. */
  uid?: string;
  /** The hosted page told the shopper the card is kept for future charges (`cards.consentShown`); false if not given. */
  consentShown?: boolean;
  /** The hosted page's session requires 3-D Secure whatever the shop's setting (a subscription's first payment). */
  requireThreeDSecure?: boolean;
  /**
   * A subscription's charge: the uid is derived from its billing cycle's key and attempt (and is therefore the
   * acquirer's idempotency key), and the body names the subscription (`subscription_id`).
   */
  subscriptionCharge?: { uid: string; subscriptionId: string };
}

/** What a 3-D Secure challenge of a payment keeps for the moment it passes (never the card's security code). */
/**
 * POST /transactions/payments and /transactions/authorizations (and the hosted page's charges): validates,
 * resolves the card (sent in full, or a stored card within its token's contract), runs smart routing and 3-D
 * Secure, and only then asks the acquirer. The transaction is written `incomplete` before the acquirer is asked —
 * under the duplicate check, which must hold before any money moves — and its answer is stored before the
 * response: a request moves money only when the answer is on record.
 */
export async function createPayment(options: CreatePaymentOptions): Promise<Transaction> {
  const { deps, shop, body, type } = options;
  const request = validatePayment(deps, body, shop);
  const resolved = await resolveMoneyCard({ deps, shop, card: request.credit_card, use: "charge" });
  const { card } = resolved;
  // A stored card named by its token is the shop's already: the shopper's choice concerns a card typed in.
  const heldForCharge = options.keepCard === false && resolved.storedToken === null;
  const { hashes } = deps.keyring;
  const gatewayId = shop.settings.gateway_id;

  const description = describeCard(card.number);
  // A number sent in full (not one of the shop's stored cards) counts against the card-family and new-card limits
  // before anything is decided about it, as a tokenization's does: a charge must not confirm a guessed number.
  if (resolved.storedToken === null) await sightCard({ deps, shop, number: card.number, card: description });
  const stamp = hashes.cardStamp({ shopId: shop.id, number: card.number });
  const uid = options.uid ?? options.subscriptionCharge?.uid ?? randomUUID();
  const urls = issuerUrls(deps.config.gatewayPublicUrl, uid);
  const decision = decidePayment({
    settings: shop.settings,
    request,
    number: card.number,
    card: description,
    urls,
    merchantInitiated: resolved.merchantInitiated,
    requireThreeDSecure: options.requireThreeDSecure,
  });
  // A stored card named by its token is charged as it is: the token that comes back is the same, with the same
  // contract, whatever the request asks for (a new contract needs a tokenization, with the shopper).
  const echoed =
    resolved.storedContract === null
      ? request
      : {
          ...request,
          additional_data: { ...request.additional_data, contract: resolved.storedContract as Contract[] },
        };
  const built = moneyTransactionBody(
    buildTransactionBody({
      // A test-mode shop's transactions are test transactions whatever the request says.
      request: shop.test ? { ...echoed, test: true } : echoed,
      card: {
        ...description,
        holder: card.holder,
        exp_month: card.expMonth,
        exp_year: card.expYear,
      },
      token: null,
      // The stamp goes out with the token only, once the charge succeeded (finishedMoneyBody).
      stamp: null,
      outcome: { status: "incomplete", message: null },
      redirectUrl: urls.acsUrl,
      gatewayId,
      smartRoutingStatus: decision.smartRoutingStatus,
      threeDSecureVerification: decision.verification ?? undefined,
    }),
    {
      type,
      result: pendingMoneyResult(gatewayId),
      receiptUrl: null,
      paidAt: null,
      // Nothing capturable or refundable while it waits: zeros, as for any transaction that did not succeed.
      amounts: amountsBeforeChildren({ type, status: "incomplete", amount: request.amount }, null),
    },
  );
  const started: typeof built = options.subscriptionCharge
    ? ({ ...built, subscription_id: options.subscriptionCharge.subscriptionId } as typeof built)
    : built;
  const fingerprint = moneyFingerprint(hashes, {
    type,
    shopId: shop.id,
    amount: request.amount,
    currency: request.currency,
    number: card.number,
  });
  // The first write, through the batch writer: the duplicate check, the card's vault record, the challenge.
  const write = (status: "incomplete" | "failed", transactionBody: typeof started, token: string | null) => {
    const storesCard = token !== null && token !== resolved.storedToken;
    const sealed = storesCard ? sealCardNumber(deps.keyring, token, card.number) : null;
    return deps.transactionWriter.write({
      checkDuplicate: request.duplicate_check,
      notificationUrl: request.notification_url ?? null,
      card:
        token && sealed
          ? {
              token,
              shopId: shop.id,
              keyId: sealed.keyId,
              numberSealed: sealed.numberSealed,
              stamp,
              expMonth: card.expMonth,
              expYear: card.expYear,
              holder: card.holder,
              heldForCharge,
              consentShown: options.consentShown === true && !heldForCharge,
            }
          : null,
      challenge:
        status === "incomplete" && decision.kind === "challenge"
          ? {
              stage: decision.challenge.stage,
              scenario: decision.challenge.scenario,
              oneTimeCode: decision.challenge.oneTimeCode,
              pendingOperation: { kind: "deferred_authorization", ownsCard: storesCard },
            }
          : null,
      transaction: {
        uid,
        shopId: shop.id,
        status,
        type,
        amount: request.amount,
        currency: request.currency,
        trackingId: request.tracking_id ?? null,
        trackingIds: splitTrackingIds(request.tracking_id),
        cardToken: token,
        duplicateFingerprint: fingerprint,
        test: transactionBody.test,
        body: transactionBody,
      },
    });
  };

  let refusal = decision.kind === "refused" ? decision.message : null;
  // verification_url: the merchant approves before any money moves (fail closed).
  if (refusal === null && decision.kind === "authorize" && request.verification_url) {
    if (request.duplicate_check && (await hasRecentDuplicate(deps.db, deps.clock, fingerprint))) {
      throw GatewayError.base("Duplicate transaction");
    }
    const verdict = await verifyWithMerchant(
      deps,
      shop,
      transactionAwaitingVerification(uid, started, deps.clock.now()),
    );
    if (!verdict.approved) refusal = verdict.message;
  }
  if (refusal !== null) {
    const outcome = refusedOutcome(refusal, gatewayId);
    const failed = finishedMoneyBody(started, {
      outcome,
      token: null,
      at: deps.clock.now(),
      receiptUrl: "",
      authorizationExpiresAt: null,
    });
    const row = await write("failed", failed, null);
    if (request.notification_url) deps.outbox.nudge();
    return transactionFromRow(row);
  }

  // The card is stored with the pending transaction: a 3-D Secure challenge needs it when the shopper returns, and
  // so does the sweep that asks the acquirer again after a crash. A charge that succeeds keeps it (its token is
  // returned, as beGateway does), unless it was held only for the charge.
  const token = resolved.storedToken ?? generateCardToken();
  const pending = await write("incomplete", started, token);
  if (decision.kind === "challenge") return transactionFromRow(pending);

  const answer = await askAcquirer(deps, {
    operation: "authorize",
    idempotencyKey: uid,
    card,
    amount: request.amount,
    currency: request.currency,
    capture: type === "payment",
    merchantInitiated: resolved.merchantInitiated,
    threeDSecure: decision.verification
      ? { eci: decision.verification.eci, cavv: decision.verification.cavv }
      : null,
    billingDescriptor: request.dynamic_billing_descriptor ?? null,
    test: started.test,
  });
  const outcome = outcomeFromAnswer(type, answer, gatewayId);
  const finished = await finishMoneyTransaction(deps, {
    uid,
    shopId: shop.id,
    status: outcome.status,
    body: finishedMoneyBody(started, {
      outcome,
      token: heldForCharge ? null : token,
      stamp,
      at: deps.clock.now(),
      receiptUrl: receiptUrl(deps.config.gatewayPublicUrl, uid),
      authorizationExpiresAt: await authorizationExpiry(deps, {
        type,
        status: outcome.status,
        shopId: shop.id,
        createdAt: pending.createdAt,
      }),
    }),
    cardToken: token,
    ownsCard: resolved.storedToken === null,
    heldForCharge,
  });
  // Nothing else ends a transaction that has no challenge: the row is ours to finish.
  if (!finished) throw new Error(`Payment ${uid} ended before its acquirer answer was stored`);
  deps.logger.info(
    { transactionUid: uid, shopId: shop.id, type, status: outcome.status },
    "acquirer answered",
  );
  return transactionFromRow(finished);
}
