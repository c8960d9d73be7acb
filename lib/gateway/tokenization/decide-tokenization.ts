import type { ShopSettings } from "@/lib/contracts/shop-settings";
import type { TokenizationRequest } from "@/lib/contracts/tokenization";
import type { CardDescription } from "../cards/describe-card";
import {
  DECLINED_BY_SMART_ROUTING,
  decideSmartRouting,
  type SmartRoutingStatus,
} from "../smart-routing/evaluate-smart-routing";
import { beginThreeDSecure, type PendingChallenge } from "../three-d-secure/begin-three-d-secure";
import { threeDSecureApplies } from "../three-d-secure/decide-three-d-secure";
import {
  failedVerificationMessage,
  type IssuerUrls,
  outcomePassed,
  type ThreeDSecureVerification,
} from "../three-d-secure/verification-result";
import type { BuildTransactionBodyInput } from "./build-transaction";
import { type AcquirerDecision, decideSandboxOutcome } from "./sandbox-acquirer";

export interface TokenizationDecision {
  /** `incomplete` while the shopper has a 3-D Secure page to go through. */
  outcome: BuildTransactionBodyInput["outcome"];
  smartRoutingStatus: SmartRoutingStatus;
  /** Null when 3-D Secure did not run (not applied, or the card is not enrolled). */
  verification: ThreeDSecureVerification | null;
  /** Set when `outcome` is `incomplete`. */
  challenge: PendingChallenge | null;
  /** The acquirer's answer, applied once 3-D Secure passes. */
  acquirerDecision: AcquirerDecision;
}

/**
 * Decides a tokenization's fate in the order the checks happen at a real processor: the shop's smart-routing
 * rules (which may decline at once), then 3-D Secure if it applies, then the acquirer's answer.
 */
export function decideTokenization(options: {
  settings: ShopSettings;
  request: TokenizationRequest;
  number: string;
  verificationValue: string | null;
  card: CardDescription;
  urls: IssuerUrls;
  /** The hosted page's session requires 3-D Secure (a subscription's new card). */
  requireThreeDSecure?: boolean;
}): TokenizationDecision {
  const { settings, request, number, card } = options;
  const acquirerDecision = decideSandboxOutcome({ number, verificationValue: options.verificationValue });
  const routing = decideSmartRouting(settings.smart_routing_rules, {
    brand: card.brand,
    issuerCountry: card.issuer_country,
    leadingDigits: number.slice(0, 8),
    currency: request.currency,
    amount: request.amount,
  });
  const decided = { smartRoutingStatus: routing.status, acquirerDecision };
  const acquirerOutcome = { status: acquirerDecision.status, message: acquirerDecision.message };
  if (routing.action === "decline") {
    return {
      ...decided,
      outcome: { status: "failed", message: DECLINED_BY_SMART_ROUTING },
      verification: null,
      challenge: null,
    };
  }
  const applies = threeDSecureApplies({
    shopEnabled: settings.three_d_secure,
    skipRequested: request.skip_three_d_secure_verification,
    forceRequested: request.force_three_d_secure_verification,
    routingAction: routing.action,
    required: options.requireThreeDSecure,
  });
  if (!applies) return { ...decided, outcome: acquirerOutcome, verification: null, challenge: null };
  const started = beginThreeDSecure({
    number,
    brand: card.brand,
    advanced: request.three_d_secure?.advanced ?? false,
    urls: options.urls,
  });
  switch (started.kind) {
    case "not_enrolled":
      return { ...decided, outcome: acquirerOutcome, verification: null, challenge: null };
    case "finished":
      return {
        ...decided,
        outcome: outcomePassed(started.outcome)
          ? acquirerOutcome
          : { status: "failed", message: failedVerificationMessage(started.outcome) },
        verification: started.verification,
        challenge: null,
      };
    case "pending":
      return {
        ...decided,
        outcome: { status: "incomplete", message: null },
        verification: started.verification,
        challenge: started.challenge,
      };
  }
}
