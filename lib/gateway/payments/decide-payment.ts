import type { PaymentRequest } from "@/lib/contracts/payment";
import type { ShopSettings } from "@/lib/contracts/shop-settings";
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

export type PaymentDecision = {
  smartRoutingStatus: SmartRoutingStatus;
  /** Null when 3-D Secure did not run (not applied, not enrolled, or merchant-initiated). */
  verification: ThreeDSecureVerification | null;
} & (
  | /** Refused before the acquirer is asked (smart routing, or 3-D Secure failed at once). */
  { kind: "refused"; message: string }
  /** The shopper has a 3-D Secure page to go through; the acquirer is asked once it passes. */
  | { kind: "challenge"; challenge: PendingChallenge }
  /** The acquirer may be asked now. */
  | { kind: "authorize" }
);

/**
 * Everything a payment or authorization goes through before the acquirer sees it, in the tokenization's order:
 * the shop's smart-routing rules, then 3-D Secure if it applies. A merchant-initiated charge (a `recurring` token)
 * has no shopper to authenticate: 3-D Secure never runs for it.
 */
export function decidePayment(options: {
  settings: ShopSettings;
  request: PaymentRequest;
  number: string;
  card: CardDescription;
  urls: IssuerUrls;
  merchantInitiated: boolean;
  /** The hosted page's session requires 3-D Secure (a subscription's). */
  requireThreeDSecure?: boolean;
}): PaymentDecision {
  const { settings, request, number, card } = options;
  const routing = decideSmartRouting(settings.smart_routing_rules, {
    brand: card.brand,
    issuerCountry: card.issuer_country,
    leadingDigits: number.slice(0, 8),
    currency: request.currency,
    amount: request.amount,
  });
  const decided = { smartRoutingStatus: routing.status, verification: null };
  if (routing.action === "decline")
    return { ...decided, kind: "refused", message: DECLINED_BY_SMART_ROUTING };
  if (options.merchantInitiated) return { ...decided, kind: "authorize" };
  const applies = threeDSecureApplies({
    shopEnabled: settings.three_d_secure,
    skipRequested: request.skip_three_d_secure_verification,
    forceRequested: request.force_three_d_secure_verification,
    routingAction: routing.action,
    required: options.requireThreeDSecure,
  });
  if (!applies) return { ...decided, kind: "authorize" };
  const started = beginThreeDSecure({
    number,
    brand: card.brand,
    advanced: request.three_d_secure?.advanced ?? false,
    urls: options.urls,
  });
  switch (started.kind) {
    case "not_enrolled":
      return { ...decided, kind: "authorize" };
    case "finished":
      return outcomePassed(started.outcome)
        ? { ...decided, verification: started.verification, kind: "authorize" }
        : {
            ...decided,
            verification: started.verification,
            kind: "refused",
            message: failedVerificationMessage(started.outcome),
          };
    case "pending":
      return {
        ...decided,
        verification: started.verification,
        kind: "challenge",
        challenge: started.challenge,
      };
  }
}
