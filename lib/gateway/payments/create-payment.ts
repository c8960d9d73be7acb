import { randomUUID } from "node:crypto";
import type { MoneyType } from "@/lib/contracts/money-result";
import type { PaymentRequest } from "@/lib/contracts/payment";
import type { Contract } from "@/lib/contracts/tokenization";
import type { Transaction } from "@/lib/contracts/transaction";
import { addToRequestLine } from "@/lib/server/request-id";
import { refuseUnacceptedBrand } from "../cards/accepted-brand";
import type { CardSighting } from "../cards/card-sighting-writer";
import { type CardDescription, describeCard } from "../cards/describe-card";
import { cardSighting, sightCard } from "../cards/sight-card";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { bindKeyToTransaction } from "../idempotency/key-binding";
import { transactionAwaitingVerification, verifyWithMerchant } from "../notifications/merchant-verification";
import { type ScreeningResult, screenCard } from "../screening/screen-card";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { type IssuerUrls, issuerUrls } from "../three-d-secure/verification-result";
import { buildTransactionBody } from "../transactions/build-transaction";
import { hasRecentDuplicate } from "../transactions/duplicate-check";
import { moneyOwnBody, pendingMoneyResult } from "../transactions/money-transaction-body";
import { newCardRecord } from "../transactions/new-card";
import { type OwnBody, type OwnColumns, requestColumns } from "../transactions/own-body";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { transactionWithoutChildren } from "../transactions/transaction-view";
import type { WrittenTransaction } from "../transactions/transaction-writer";
import { generateCardToken } from "../vault/tokens";
import { askAcquirer } from "./ask-acquirer";
import { finishPaymentTransaction } from "./finish-payment-transaction";
import { moneyFingerprint } from "./money-fingerprint";
import { finishedMoneyBody, outcomeFromAnswer, receiptUrl, refusedOutcome } from "./money-outcome";
import { authorizationExpiry } from "./parent-amounts";
import { type ResolvedCard, resolveMoneyCard } from "./resolve-money-card";

export interface CreatePaymentOptions {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  /**
   * The request, parsed and validated (`validatePayment` at the HTTP edge; `chargeStoredCard` for the gateway's own
   * charges).
   */
  request: PaymentRequest;
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

/** A payment on its way, as its steps share it. */
interface PaymentInProgress {
  options: CreatePaymentOptions;
  request: PaymentRequest;
  resolved: ResolvedCard;
  uid: string;
  screened: ScreeningResult;
  /** Its columns: type, amount, currency, tracking id, test flag. */
  columns: OwnColumns;
  /** The own body it is written with while it waits (`incomplete`). */
  started: OwnBody;
  stamp: string;
  fingerprint: string;
  /** A card typed in that the hosted-page shopper did not choose to save: kept for this charge only. */
  heldForCharge: boolean;
  /** A number sent in full, for the card limits to check with the first write; null when checked already or stored. */
  sighting: CardSighting | null;
}

/**
 * POST /transactions/payments and /transactions/authorizations (and the hosted page's charges, and the stored
 * cards the gateway charges itself): resolves the card (sent in full, or a stored card within its token's contract), screens it (smart routing,
 * 3-D Secure), and only then asks the acquirer. The transaction is written `incomplete` before the acquirer is
 * asked — under the duplicate check, which must hold before any money moves — and its answer is stored before the
 * response: a request moves money only when the answer is on record.
 */
export async function createPayment(options: CreatePaymentOptions): Promise<Transaction> {
  const { deps, shop, request } = options;
  const resolved = await resolveMoneyCard({ deps, shop, card: request.credit_card, use: "charge" });
  const payment = await screen(options, request, resolved);
  const refusal =
    payment.screened.kind === "refused" ? payment.screened.message : await merchantRefusal(payment);
  if (refusal !== null) return refuse(payment, refusal);
  // The card is stored with the pending transaction: a 3-D Secure challenge needs it when the shopper returns, and
  // so does the sweep that asks the acquirer again after a crash. A charge that succeeds keeps it (its token is
  // returned, as beGateway does), unless it was held only for the charge.
  const token = resolved.storedToken ?? generateCardToken();
  await bindKeyToTransaction(payment.uid);
  const pending = await write(payment, "incomplete", payment.started, token);
  if (payment.screened.kind === "challenge") return transactionWithoutChildren(pending);
  return charge(payment, token, pending.createdAt);
}

/** The card's checks before the acquirer (`screenCard`), and what the payment's later steps need of them. */
async function screen(
  options: CreatePaymentOptions,
  request: PaymentRequest,
  resolved: ResolvedCard,
): Promise<PaymentInProgress> {
  const { deps, shop, type } = options;
  const { number } = resolved.card;
  const description = describeCard(number);
  refuseUnacceptedBrand(shop.settings, description);
  const uid = options.uid ?? options.subscriptionCharge?.uid ?? randomUUID();
  const urls = issuerUrls(deps.config.gatewayPublicUrl, uid);
  const { merchantInitiated } = resolved;
  const { requireThreeDSecure } = options;
  const screened = screenCard({
    settings: shop.settings,
    request,
    number,
    description,
    urls,
    merchantInitiated,
    requireThreeDSecure,
  });
  const sighting = await checkCardLimitsBeforeMerchant(options, request, resolved, screened, description);
  const { amount, currency } = request;
  return {
    options,
    request,
    resolved,
    uid,
    screened,
    columns: requestColumns(type, request, shop),
    started: startedBody(options, request, resolved, { description, urls, screened }),
    stamp: deps.keyring.hashes.cardStamp({ shopId: shop.id, number }),
    fingerprint: moneyFingerprint(deps.keyring.hashes, { type, shopId: shop.id, amount, currency, number }),
    // A stored card named by its token is the shop's already: the shopper's choice concerns a card typed in.
    heldForCharge: options.keepCard === false && resolved.storedToken === null,
    sighting,
  };
}

/**
 * A number sent in full (not one of the shop's stored cards) counts against the card-family and new-card limits
 * before anyone is asked about it, as a tokenization's does: a charge must not confirm a guessed number. The
 * sighting is made with the first write, in its statement (returned for it) — unless the merchant's
 * verification_url is to be asked before that write: then now (null returned).
 */
async function checkCardLimitsBeforeMerchant(
  { deps, shop }: CreatePaymentOptions,
  request: PaymentRequest,
  resolved: ResolvedCard,
  screened: ScreeningResult,
  description: CardDescription,
): Promise<CardSighting | null> {
  if (resolved.storedToken !== null) return null;
  const { number } = resolved.card;
  if (screened.kind === "proceed" && request.verification_url) {
    await sightCard({ deps, shop, number, card: description });
    return null;
  }
  return cardSighting({ deps, shop, number, card: description });
}

/** The own body a payment is written with while it waits for its acquirer (or its shopper): `incomplete`. */
function startedBody(
  options: CreatePaymentOptions,
  request: PaymentRequest,
  resolved: ResolvedCard,
  checks: { description: CardDescription; urls: IssuerUrls; screened: ScreeningResult },
): OwnBody {
  const { shop } = options;
  const { card } = resolved;
  const gatewayId = shop.settings.gateway_id;
  // A stored card named by its token is charged as it is: the token that comes back is the same, with the same
  // contract, whatever the request asks for (a new contract needs a tokenization, with the shopper).
  const contract = resolved.storedContract as Contract[] | null;
  const echoed =
    contract === null ? request : { ...request, additional_data: { ...request.additional_data, contract } };
  const built = moneyOwnBody(
    buildTransactionBody({
      request: echoed,
      // The added keys first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
      card: { holder: card.holder, exp_month: card.expMonth, exp_year: card.expYear, ...checks.description },
      token: null,
      // The stamp goes out with the token only, once the charge succeeded (finishedMoneyBody).
      stamp: null,
      outcome: { status: "incomplete", message: null },
      redirectUrl: checks.urls.acsUrl,
      gatewayId,
      smartRoutingStatus: checks.screened.smartRoutingStatus,
      threeDSecureVerification: checks.screened.verification ?? undefined,
    }),
    { result: pendingMoneyResult(gatewayId), receiptUrl: null, paidAt: null },
  );
  const charge = options.subscriptionCharge;
  return charge ? { ...built, subscription_id: charge.subscriptionId } : built;
}

/**
 * verification_url: the merchant approves a payment about to be authorized before any money moves (fail closed).
 * The refusal's message when it does not; null when it does, or when nothing is to be asked.
 */
async function merchantRefusal(payment: PaymentInProgress): Promise<string | null> {
  const { options, request, uid, columns, started } = payment;
  const { deps, shop } = options;
  if (payment.screened.kind !== "proceed" || !request.verification_url) return null;
  if (request.duplicate_check && (await hasRecentDuplicate(deps.db, deps.clock, payment.fingerprint))) {
    throw new GatewayError("duplicate_transaction");
  }
  const verdict = await verifyWithMerchant(
    deps,
    shop,
    transactionAwaitingVerification(uid, columns, started, deps.clock.now()),
  );
  return verdict.approved ? null : verdict.message;
}

/** A payment refused before the acquirer was asked: written failed at once, with no card kept. */
async function refuse(payment: PaymentInProgress, message: string): Promise<Transaction> {
  const { deps, shop } = payment.options;
  const failed = finishedMoneyBody(payment.started, {
    type: payment.columns.type as MoneyType,
    outcome: refusedOutcome(message, shop.settings.gateway_id),
    token: null,
    at: deps.clock.now(),
    receiptUrl: "",
    authorizationExpiresAt: null,
  });
  const row = await write(payment, "failed", failed, null);
  if (payment.request.notification_url) deps.outbox.nudge();
  return transactionWithoutChildren(row);
}

/** The payment's first write, through the batch writer: the duplicate check, the card's vault record, the challenge. */
function write(
  payment: PaymentInProgress,
  status: "incomplete" | "failed",
  body: OwnBody,
  token: string | null,
): Promise<WrittenTransaction> {
  const { options, request, resolved, screened } = payment;
  const { deps, shop } = options;
  const storesCard = token !== null && token !== resolved.storedToken;
  return deps.transactionWriter.write({
    checkDuplicate: request.duplicate_check,
    notificationUrl: request.notification_url ?? null,
    sighting: payment.sighting,
    card: storesCard ? cardToStore(payment, token) : null,
    challenge:
      status === "incomplete" && screened.kind === "challenge"
        ? {
            ...screened.challenge,
            pendingOperation: { kind: "deferred_authorization", ownsCard: storesCard },
          }
        : null,
    transaction: {
      uid: payment.uid,
      shopId: shop.id,
      status,
      ...payment.columns,
      trackingIds: splitTrackingIds(request.tracking_id),
      cardToken: token,
      duplicateFingerprint: payment.fingerprint,
      body,
    },
  });
}

/** The vault record of a card typed in, stored with the payment (held for this charge only, or kept). */
function cardToStore(payment: PaymentInProgress, token: string) {
  const { options, resolved } = payment;
  const { card } = resolved;
  return newCardRecord(options.deps.keyring, {
    token,
    shopId: options.shop.id,
    number: card.number,
    stamp: payment.stamp,
    expMonth: card.expMonth,
    expYear: card.expYear,
    holder: card.holder,
    heldForCharge: payment.heldForCharge,
    consentShown: options.consentShown === true && !payment.heldForCharge,
  });
}

/** Asks the acquirer to authorize (and, for a payment, capture), and stores its answer before the response. */
async function charge(payment: PaymentInProgress, token: string, createdAt: Date): Promise<Transaction> {
  const { options, request, resolved, uid } = payment;
  const { deps, shop, type } = options;
  const { verification } = payment.screened;
  const answer = await askAcquirer(deps, {
    operation: "authorize",
    idempotencyKey: uid,
    card: resolved.card,
    amount: request.amount,
    currency: request.currency,
    capture: type === "payment",
    merchantInitiated: resolved.merchantInitiated,
    threeDSecure: verification ? { eci: verification.eci, cavv: verification.cavv } : null,
    billingDescriptor: request.dynamic_billing_descriptor ?? null,
    test: payment.columns.test,
  });
  const outcome = outcomeFromAnswer(type, answer, shop.settings.gateway_id);
  const ended = { type, status: outcome.status, shopId: shop.id, createdAt };
  const finished = await finishPaymentTransaction(deps, {
    uid,
    shopId: shop.id,
    status: outcome.status,
    columns: payment.columns,
    body: finishedMoneyBody(payment.started, {
      type,
      outcome,
      token: payment.heldForCharge ? null : token,
      stamp: payment.stamp,
      at: deps.clock.now(),
      receiptUrl: receiptUrl(deps.config.gatewayPublicUrl, uid),
      authorizationExpiresAt: await authorizationExpiry(deps, ended),
    }),
    cardToken: token,
    ownsCard: resolved.storedToken === null,
    heldForCharge: payment.heldForCharge,
  });
  // Nothing else ends a transaction that has no challenge: the row is ours to finish.
  if (!finished) throw new Error(`Payment ${uid} ended before its acquirer answer was stored`);
  const facts = {
    transactionUid: uid,
    shopId: shop.id,
    transactionType: type,
    transactionStatus: outcome.status,
  };
  if (!addToRequestLine(facts)) deps.logger.info(facts, "acquirer answered");
  return transactionWithoutChildren(finished);
}
