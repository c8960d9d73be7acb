import { randomUUID } from "node:crypto";
import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import { type CreditRequest, parseCreditRequest } from "@/lib/contracts/credit";
import { isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { isPlainObject } from "@/lib/contracts/fields";
import type { TokenizationRequest } from "@/lib/contracts/tokenization";
import type { Transaction } from "@/lib/contracts/transaction";
import { describeCard } from "../cards/describe-card";
import { sightCard } from "../cards/sight-card";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { bindKeyToTransaction } from "../idempotency/key-binding";
import { checkMerchantUrls, TRANSACTION_URL_FIELDS, urlsAt } from "../net/merchant-url-policy";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { DECLINED_BY_SMART_ROUTING, decideSmartRouting } from "../smart-routing/evaluate-smart-routing";
import { issuerUrls } from "../three-d-secure/verification-result";
import { buildTransactionBody } from "../transactions/build-transaction";
import { moneyOwnBody, pendingMoneyResult } from "../transactions/money-transaction-body";
import { requestColumns } from "../transactions/own-body";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { transactionWithoutChildren } from "../transactions/transaction-view";
import { askAcquirer } from "./ask-acquirer";
import { finishPaymentTransaction } from "./finish-payment-transaction";
import { moneyFingerprint } from "./money-fingerprint";
import { finishedMoneyBody, outcomeFromAnswer, receiptUrl, refusedOutcome } from "./money-outcome";
import { checkPayoutRules, releasePayout, reservePayout } from "./payout-limits";
import { resolveMoneyCard } from "./resolve-money-card";

export interface CreateCreditOptions {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  /** The request, validated (`validateCredit`). */
  request: CreditRequest;
}

/**
 * A payout's body, `{ "request": { ... } }`, as the typed request `createCredit` takes: the request's own rules and
 * the deployment's merchant-URL policy in one 422, then the ceiling on its amount.
 */
export function validateCredit(deps: Pick<GatewayDeps, "config" | "clock">, body: unknown): CreditRequest {
  const parsed = parseCreditRequest(body, { now: deps.clock.now() });
  const rawRequest = isPlainObject(body) ? body.request : undefined;
  const urlErrors = checkMerchantUrls(deps.config, urlsAt(rawRequest, TRANSACTION_URL_FIELDS));
  if (!parsed.ok) throw GatewayError.validation(mergeErrorTrees(parsed.errors, urlErrors));
  if (!isEmptyErrorTree(urlErrors)) throw GatewayError.validation(urlErrors);
  const ceilingErrors = amountCeilingErrors(parsed.value.amount, parsed.value.currency);
  if (!isEmptyErrorTree(ceilingErrors)) throw GatewayError.validation(ceilingErrors);
  return parsed.value;
}

/** The payout's fields where a tokenization's body builder expects a shopper's: none of those apply. */
function asCardRequest(request: CreditRequest): TokenizationRequest {
  return {
    ...request,
    skip_three_d_secure_verification: false,
    force_three_d_secure_verification: false,
    three_d_secure: { advanced: false },
    additional_data: { receipt_text: [], contract: [] },
  };
}

/**
 * POST /transactions/credits: a payout to a card — a stored card whose token allows payouts (no contract, or
 * `credit`), or card data in full, which is not stored. Written `incomplete` under the duplicate check (same card
 * and amount within 30 s), then the acquirer is asked, and its answer stored before the response. Only for a shop
 * the operator cleared for payouts, within its caps per payout and per day (`payout-limits.ts`).
 */
export async function createCredit({ deps, shop, request }: CreateCreditOptions): Promise<Transaction> {
  checkPayoutRules(shop, request.amount, request.currency);
  const resolved = await resolveMoneyCard({ deps, shop, card: request.credit_card, use: "payout" });
  const { card } = resolved;
  const gatewayId = shop.settings.gateway_id;
  const description = describeCard(card.number);
  // A number sent in full counts against the card-family and new-card limits, as a tokenization's does.
  if (resolved.storedToken === null) await sightCard({ deps, shop, number: card.number, card: description });
  const uid = randomUUID();
  const routing = decideSmartRouting(shop.settings.smart_routing_rules, {
    brand: description.brand,
    issuerCountry: description.issuer_country,
    leadingDigits: card.number.slice(0, 8),
    currency: request.currency,
    amount: request.amount,
  });
  const columns = requestColumns("credit", request, shop);
  const started = moneyOwnBody(
    buildTransactionBody({
      request: asCardRequest(request),
      // The added keys first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
      card: {
        holder: card.holder,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        ...description,
      },
      token: null,
      stamp: null,
      outcome: { status: "incomplete", message: null },
      redirectUrl: issuerUrls(deps.config.gatewayPublicUrl, uid).acsUrl,
      gatewayId,
      smartRoutingStatus: routing.status,
    }),
    { result: pendingMoneyResult(gatewayId), receiptUrl: null, paidAt: null },
  );
  const declined = routing.action === "decline";
  // Counted against the day's limit before it is written; given back if it is not written or not approved.
  const reservation = declined
    ? null
    : await reservePayout(deps, shop, {
        currency: request.currency,
        test: columns.test,
        amount: request.amount,
      });
  const firstBody = declined
    ? finishedMoneyBody(started, {
        type: "credit",
        outcome: refusedOutcome(DECLINED_BY_SMART_ROUTING, gatewayId),
        token: null,
        at: deps.clock.now(),
        receiptUrl: "",
        authorizationExpiresAt: null,
      })
    : started;
  if (!declined) {
    await bindKeyToTransaction(uid).catch(async (error: unknown) => {
      if (reservation) await releasePayout(deps, reservation);
      throw error;
    });
  }
  const written = await deps.transactionWriter
    .write({
      checkDuplicate: request.duplicate_check,
      notificationUrl: request.notification_url ?? null,
      // A payout stores no card: one sent in full stays in this request's memory only.
      card: null,
      challenge: null,
      transaction: {
        uid,
        shopId: shop.id,
        status: declined ? "failed" : "incomplete",
        ...columns,
        trackingIds: splitTrackingIds(request.tracking_id),
        cardToken: resolved.storedToken,
        duplicateFingerprint: moneyFingerprint(deps.keyring.hashes, {
          type: "credit",
          shopId: shop.id,
          amount: request.amount,
          currency: request.currency,
          number: card.number,
        }),
        body: firstBody,
      },
    })
    .catch(async (error: unknown) => {
      if (reservation) await releasePayout(deps, reservation);
      throw error;
    });
  if (declined) {
    if (request.notification_url) deps.outbox.nudge();
    return transactionWithoutChildren(written);
  }

  const answer = await askAcquirer(deps, {
    operation: "credit",
    idempotencyKey: uid,
    card,
    amount: request.amount,
    currency: request.currency,
    billingDescriptor: request.dynamic_billing_descriptor ?? null,
    test: columns.test,
  });
  const outcome = outcomeFromAnswer("credit", answer, gatewayId);
  const finished = await finishPaymentTransaction(deps, {
    uid,
    shopId: shop.id,
    status: outcome.status,
    columns,
    body: finishedMoneyBody(started, {
      type: "credit",
      outcome,
      token: resolved.storedToken,
      // A stored card's stamp, shown with its token; a payout to card data sent in full shows neither.
      stamp: resolved.storedToken
        ? deps.keyring.hashes.cardStamp({ shopId: shop.id, number: card.number })
        : null,
      at: deps.clock.now(),
      receiptUrl: receiptUrl(deps.config.gatewayPublicUrl, uid),
      authorizationExpiresAt: null,
    }),
    cardToken: resolved.storedToken,
    ownsCard: false,
  });
  if (!finished) throw new Error(`Credit ${uid} ended before its acquirer answer was stored`);
  if (reservation && outcome.status !== "successful") await releasePayout(deps, reservation);
  return transactionWithoutChildren(finished);
}
