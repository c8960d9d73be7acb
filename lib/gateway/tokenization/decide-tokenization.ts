import type { ShopSettings } from "@/lib/contracts/shop-settings";
import type { TokenizationRequest } from "@/lib/contracts/tokenization";
import { ACQUIRER_UNREACHABLE, type AcquirerCard, type VerificationAnswer } from "../acquirer/acquirer";
import type { CardDescription } from "../cards/describe-card";
import type { GatewayDeps } from "../context";
import {
  DECLINED_BY_SMART_ROUTING,
  decideSmartRouting,
  type SmartRoutingStatus,
} from "../smart-routing/evaluate-smart-routing";
import { beginThreeDSecure, type PendingChallenge } from "../three-d-secure/begin-three-d-secure";
import { threeDSecureApplies } from "../three-d-secure/decide-three-d-secure";
import type { PendingOperation } from "../three-d-secure/pending-operation";
import {
  failedVerificationMessage,
  type IssuerUrls,
  outcomePassed,
  type ThreeDSecureVerification,
} from "../three-d-secure/verification-result";
import type { BuildTransactionBodyInput } from "../transactions/build-transaction";

export interface TokenizationDecision {
  /** `incomplete` while the shopper has a 3-D Secure page to go through. */
  outcome: BuildTransactionBodyInput["outcome"];
  smartRoutingStatus: SmartRoutingStatus;
  /** Null when 3-D Secure did not run (not applied, or the card is not enrolled). */
  verification: ThreeDSecureVerification | null;
  /** Set when `outcome` is `incomplete`, with what goes on once the shopper passes. */
  challenge: { pending: PendingChallenge; operation: PendingOperation } | null;
}

/**
 * Decides a tokenization's fate in the order the checks happen at a real processor: the shop's smart-routing
 * rules (which may decline at once, before the acquirer is asked), the acquirer's check of the card, then 3-D
 * Secure if it applies — whose challenge, when the shopper has one to answer, keeps the acquirer's answer for the
 * moment the shopper passes.
 */
export async function decideTokenization(options: {
  deps: Pick<GatewayDeps, "acquirer" | "logger">;
  /** The transaction's uid: the acquirer's idempotency key. */
  uid: string;
  settings: ShopSettings;
  request: TokenizationRequest;
  card: AcquirerCard;
  description: CardDescription;
  test: boolean;
  urls: IssuerUrls;
  /** The hosted page's session requires 3-D Secure (a subscription's new card). */
  requireThreeDSecure?: boolean;
}): Promise<TokenizationDecision> {
  const { settings, request, card, description } = options;
  const routing = decideSmartRouting(settings.smart_routing_rules, {
    brand: description.brand,
    issuerCountry: description.issuer_country,
    leadingDigits: card.number.slice(0, 8),
    currency: request.currency,
    amount: request.amount,
  });
  const smartRoutingStatus = routing.status;
  if (routing.action === "decline") {
    return {
      smartRoutingStatus,
      outcome: { status: "failed", message: DECLINED_BY_SMART_ROUTING },
      verification: null,
      challenge: null,
    };
  }
  const answer = await verifyCard(options);
  const acquirerOutcome = { status: answer.status, message: answer.message };
  const applies = threeDSecureApplies({
    shopEnabled: settings.three_d_secure,
    skipRequested: request.skip_three_d_secure_verification,
    forceRequested: request.force_three_d_secure_verification,
    routingAction: routing.action,
    required: options.requireThreeDSecure,
  });
  if (!applies) return { smartRoutingStatus, outcome: acquirerOutcome, verification: null, challenge: null };
  const started = beginThreeDSecure({
    number: card.number,
    brand: description.brand,
    advanced: request.three_d_secure?.advanced ?? false,
    urls: options.urls,
  });
  switch (started.kind) {
    case "not_enrolled":
      return { smartRoutingStatus, outcome: acquirerOutcome, verification: null, challenge: null };
    case "finished":
      return {
        smartRoutingStatus,
        outcome: outcomePassed(started.outcome)
          ? acquirerOutcome
          : { status: "failed", message: failedVerificationMessage(started.outcome) },
        verification: started.verification,
        challenge: null,
      };
    case "pending":
      return {
        smartRoutingStatus,
        outcome: { status: "incomplete", message: null },
        verification: started.verification,
        challenge: { pending: started.challenge, operation: { kind: "tokenization", verification: answer } },
      };
  }
}

/**
 * The acquirer's check of the card. One that cannot be asked (unreachable, a timeout) fails the tokenization: a
 * card nobody checked is not stored as good.
 */
async function verifyCard(options: {
  deps: Pick<GatewayDeps, "acquirer" | "logger">;
  uid: string;
  request: TokenizationRequest;
  card: AcquirerCard;
  test: boolean;
}): Promise<VerificationAnswer> {
  try {
    return await options.deps.acquirer.verify({
      idempotencyKey: options.uid,
      card: options.card,
      amount: options.request.amount,
      currency: options.request.currency,
      test: options.test,
    });
  } catch (error) {
    options.deps.logger.error(
      { err: error, transactionUid: options.uid, operation: "verify" },
      "acquirer call failed",
    );
    return { status: "failed", message: ACQUIRER_UNREACHABLE.message, cvcResult: null };
  }
}
