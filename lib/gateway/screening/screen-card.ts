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

/** What a card transaction's request says about the checks: its money, and the 3-D Secure it asks for. */
export interface ScreenedRequest {
  amount: number;
  currency: string;
  skip_three_d_secure_verification?: boolean;
  force_three_d_secure_verification?: boolean;
  three_d_secure?: { advanced?: boolean };
}

export type ScreeningResult = {
  smartRoutingStatus: SmartRoutingStatus;
  /** Null when 3-D Secure did not run (not applied, not enrolled, or merchant-initiated). */
  verification: ThreeDSecureVerification | null;
} & (
  | /** Refused before the acquirer is asked: by smart routing, or by 3-D Secure failing at once. */
  { kind: "refused"; message: string }
  /** The shopper has a 3-D Secure page to go through first. */
  | { kind: "challenge"; challenge: PendingChallenge }
  /** Nothing stands before the acquirer. */
  | { kind: "proceed" }
);

/**
 * What every card transaction (a tokenization, a payment, an authorization) goes through before the acquirer, in
 * the order a real processor checks: the shop's smart-routing rules (which may decline at once or skip or force 3-D
 * Secure), then 3-D Secure if it applies — finished at once (frictionless, failed) or waiting on the shopper. A
 * merchant-initiated charge (a `recurring` token) has no shopper to authenticate: 3-D Secure never runs for it.
 */
export function screenCard(options: {
  settings: ShopSettings;
  request: ScreenedRequest;
  number: string;
  description: CardDescription;
  urls: IssuerUrls;
  merchantInitiated?: boolean;
  /** The hosted page's session requires 3-D Secure (a subscription's). */
  requireThreeDSecure?: boolean;
}): ScreeningResult {
  const { settings, request, number, description } = options;
  const routing = decideSmartRouting(settings.smart_routing_rules, {
    brand: description.brand,
    issuerCountry: description.issuer_country,
    leadingDigits: number.slice(0, 8),
    currency: request.currency,
    amount: request.amount,
  });
  // Each result key by key: V8 extends a spread copy slowly (docs/decisions.md, "Cheaper answers").
  const smartRoutingStatus = routing.status;
  if (routing.action === "decline")
    return { smartRoutingStatus, verification: null, kind: "refused", message: DECLINED_BY_SMART_ROUTING };
  if (options.merchantInitiated) return { smartRoutingStatus, verification: null, kind: "proceed" };
  const applies = threeDSecureApplies({
    shopEnabled: settings.three_d_secure,
    skipRequested: request.skip_three_d_secure_verification ?? false,
    forceRequested: request.force_three_d_secure_verification ?? false,
    routingAction: routing.action,
    required: options.requireThreeDSecure,
  });
  if (!applies) return { smartRoutingStatus, verification: null, kind: "proceed" };
  const started = beginThreeDSecure({
    number,
    brand: description.brand,
    advanced: request.three_d_secure?.advanced ?? false,
    urls: options.urls,
  });
  switch (started.kind) {
    case "not_enrolled":
      return { smartRoutingStatus, verification: null, kind: "proceed" };
    case "finished":
      return outcomePassed(started.outcome)
        ? { smartRoutingStatus, verification: started.verification, kind: "proceed" }
        : {
            smartRoutingStatus,
            verification: started.verification,
            kind: "refused",
            message: failedVerificationMessage(started.outcome),
          };
    case "pending":
      return {
        smartRoutingStatus,
        verification: started.verification,
        kind: "challenge",
        challenge: started.challenge,
      };
  }
}
