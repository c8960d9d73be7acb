import { randomUUID } from "node:crypto";
import { detectBrand, securityCodeLength } from "@/lib/cards/brand";
import { isExpired } from "@/lib/contracts/credit-card";
import { DATE_EXPIRED, INVALID } from "@/lib/contracts/messages";
import { TOKEN_DOES_NOT_EXIST } from "@/lib/contracts/payment";
import type { Contract, TokenizationRequest } from "@/lib/contracts/tokenization";
import type { Transaction } from "@/lib/contracts/transaction";
import { cards } from "@/lib/db/schema";
import { refuseUnacceptedBrand } from "../cards/accepted-brand";
import { shopCardWithToken } from "../cards/card-by-token";
import { rightsBeyond, widerContractMessage } from "../cards/contract-rights";
import { describeCard } from "../cards/describe-card";
import { sightCard } from "../cards/sight-card";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { transactionAwaitingVerification, verifyWithMerchant } from "../notifications/merchant-verification";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { issuerUrls } from "../three-d-secure/verification-result";
import { type BuildTransactionBodyInput, buildTransactionBody } from "../transactions/build-transaction";
import { hasRecentDuplicate } from "../transactions/duplicate-check";
import { newCardRecord } from "../transactions/new-card";
import { requestColumns } from "../transactions/own-body";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { transactionWithoutChildren } from "../transactions/transaction-view";
import { revealCardNumber } from "../vault/card-vault";
import { generateCardToken } from "../vault/tokens";
import { decideTokenization, type TokenizationDecision } from "./decide-tokenization";

export interface TokenizeCardOptions {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  /** The request, validated (`validateTokenization`). */
  request: TokenizationRequest;
  /** The hosted page told the shopper the card is kept for future charges (`cards.consentShown`); false if not given. */
  consentShown?: boolean;
  /** The hosted page's session requires 3-D Secure whatever the shop's setting (a subscription's new card). */
  requireThreeDSecure?: boolean;
}

/** Card data in plaintext, alive only for the duration of this request. */
interface PresentedCard {
  number: string;
  verificationValue: string | null;
  holder: string | null;
  expMonth: number;
  expYear: number;
  /** The stored card's contract when the request named one by its token; null for card data sent in full. */
  storedContract: string[] | null;
}

async function resolveCard(
  deps: Pick<GatewayDeps, "db" | "clock" | "keyring">,
  shop: AuthenticatedShop,
  request: TokenizationRequest,
): Promise<PresentedCard> {
  const card = request.credit_card;
  if (!card.token) {
    return {
      number: card.number!,
      verificationValue: card.verification_value ?? null,
      holder: card.holder ?? null,
      expMonth: card.exp_month!,
      expYear: card.exp_year!,
      storedContract: null,
    };
  }
  // Tokenizing again from a stored card: only the shop that stored it can use the token.
  const [stored] = await deps.db.select().from(cards).where(shopCardWithToken(card.token, shop.id));
  if (!stored) throw GatewayError.validation({ credit_card: { token: [TOKEN_DOES_NOT_EXIST] } });
  if (isExpired(stored.expMonth, stored.expYear, deps.clock.now())) {
    throw GatewayError.validation({ credit_card: { exp_year: [DATE_EXPIRED] } });
  }
  const number = await revealCardNumber(deps.keyring, stored);
  // Only now is the brand known, and with it the length of its security code.
  if (card.verification_value && card.verification_value.length !== securityCodeLength(detectBrand(number))) {
    throw GatewayError.validation({ credit_card: { verification_value: [INVALID] } });
  }
  return {
    number,
    verificationValue: card.verification_value ?? null,
    holder: card.holder ?? stored.holder,
    expMonth: stored.expMonth,
    expYear: stored.expYear,
    storedContract: stored.contract,
  };
}

/**
 * The contract of the card a tokenization stores. From card data: the request's. From a stored card's token: that
 * card's when the request names none; one that gives the card a right it did not have (charging without the
 * shopper, say, from a payouts-only or a no-contract token) only when the shopper is there to give it: the request
 * carries the security code and, on a shop with 3-D Secure, the verification ran and did not fail (a pending
 * challenge stores the card with its token hidden, and removes it if the shopper fails). Otherwise `422`.
 */
function storedCardContract(options: {
  shop: AuthenticatedShop;
  request: TokenizationRequest;
  presented: PresentedCard;
  decision: TokenizationDecision;
}): Contract[] {
  const { shop, request, presented, decision } = options;
  const requested = request.additional_data?.contract ?? [];
  const stored = presented.storedContract;
  if (stored === null) return requested;
  if (requested.length === 0) return stored as Contract[];
  if (rightsBeyond(requested, stored).length === 0) return requested;
  const shopperPresent = presented.verificationValue !== null;
  const verified =
    !shop.settings.three_d_secure || (decision.verification !== null && decision.outcome.status !== "failed");
  if (shopperPresent && verified) return requested;
  throw GatewayError.validation({ additional_data: { contract: [widerContractMessage(stored)] } });
}

/** POST /transactions/tokenizations: decides the outcome, stores the card and the transaction. */
export async function tokenizeCard({
  deps,
  shop,
  request,
  consentShown,
  requireThreeDSecure,
}: TokenizeCardOptions): Promise<Transaction> {
  const presented = await resolveCard(deps, shop, request);
  const { hashes } = deps.keyring;

  const description = describeCard(presented.number);
  refuseUnacceptedBrand(shop.settings, description);
  // A number the merchant sends (not one of its stored cards) counts against the card-family and new-card limits
  // before anything is decided about it.
  if (!request.credit_card.token) {
    await sightCard({ deps, shop, number: presented.number, card: description });
  }

  const uid = randomUUID();
  const urls = issuerUrls(deps.config.gatewayPublicUrl, uid);
  const decision = await decideTokenization({
    deps,
    uid,
    settings: shop.settings,
    request,
    card: {
      number: presented.number,
      expMonth: presented.expMonth,
      expYear: presented.expYear,
      holder: presented.holder,
      verificationValue: presented.verificationValue,
    },
    description,
    // A test-mode shop's transactions are test transactions whatever the request says.
    test: shop.test || request.test === true,
    urls,
    requireThreeDSecure,
  });
  const contract = storedCardContract({ shop, request, presented, decision });
  // The answer says what the new token may do, which for a stored card's token may be that card's contract.
  const echoed = { ...request, additional_data: { ...request.additional_data, contract } };
  const stamp = hashes.cardStamp({ shopId: shop.id, number: presented.number });
  // The stamp goes out only with the token, when the card is stored: a declined guess must not confirm a number.
  const columns = requestColumns("tokenization", request, shop);
  const bodyFor = (outcome: BuildTransactionBodyInput["outcome"], token: string | null) =>
    buildTransactionBody({
      request: echoed,
      // The added keys first: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
      card: {
        holder: presented.holder,
        exp_month: presented.expMonth,
        exp_year: presented.expYear,
        ...description,
      },
      token,
      stamp: token ? stamp : null,
      outcome,
      redirectUrl: urls.acsUrl,
      gatewayId: shop.settings.gateway_id,
      smartRoutingStatus: decision.smartRoutingStatus,
      threeDSecureVerification: decision.verification ?? undefined,
    });
  const fingerprint = hashes.duplicateFingerprint({
    shopId: shop.id,
    amount: request.amount,
    number: presented.number,
  });
  let outcome: BuildTransactionBodyInput["outcome"] = decision.outcome;
  // verification_url: a transaction about to succeed completes only if the merchant approves it (fail closed).
  if (outcome.status === "successful" && request.verification_url) {
    if (request.duplicate_check && (await hasRecentDuplicate(deps.db, deps.clock, fingerprint))) {
      throw new GatewayError("duplicate_transaction");
    }
    const pending = bodyFor({ status: "incomplete", message: null }, null);
    const verdict = await verifyWithMerchant(
      deps,
      shop,
      transactionAwaitingVerification(uid, columns, pending, deps.clock.now()),
    );
    if (!verdict.approved) outcome = { status: "failed", message: verdict.message };
  }
  // A card waiting on 3-D Secure is stored now (the number cannot be kept anywhere else until the shopper
  // returns), but its token is only revealed once the verification succeeds.
  const token = outcome.status === "failed" ? null : generateCardToken();
  const transactionBody = bodyFor(outcome, outcome.status === "successful" ? token : null);

  const row = await deps.transactionWriter.write({
    checkDuplicate: request.duplicate_check,
    notificationUrl: request.notification_url ?? null,
    card: token
      ? newCardRecord(deps.keyring, {
          token,
          shopId: shop.id,
          number: presented.number,
          stamp,
          expMonth: presented.expMonth,
          expYear: presented.expYear,
          holder: presented.holder,
          contract,
          consentShown: consentShown ?? false,
        })
      : null,
    challenge: decision.challenge
      ? {
          stage: decision.challenge.pending.stage,
          scenario: decision.challenge.pending.scenario,
          oneTimeCode: decision.challenge.pending.oneTimeCode,
          pendingOperation: decision.challenge.operation,
        }
      : null,
    transaction: {
      uid,
      shopId: shop.id,
      status: outcome.status,
      ...columns,
      trackingIds: splitTrackingIds(request.tracking_id),
      cardToken: token,
      duplicateFingerprint: fingerprint,
      body: transactionBody,
    },
  });
  // The outbox row committed with it: the notification worker sends it now rather than at its next poll.
  if (request.notification_url && row.status !== "incomplete") deps.outbox.nudge();
  return transactionWithoutChildren(row);
}
