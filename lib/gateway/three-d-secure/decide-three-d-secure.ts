import type { SmartRoutingAction } from "@/lib/contracts/shop-settings";

export interface ThreeDSecureDecisionInput {
  /** The shop's `three_d_secure` setting. */
  shopEnabled: boolean;
  /** `skip_three_d_secure_verification` (only accepted from shops cleared for it). */
  skipRequested: boolean;
  /** `force_three_d_secure_verification` (only accepted from shops cleared for it). */
  forceRequested: boolean;
  /** The action of the first matching smart-routing rule, if any. */
  routingAction: SmartRoutingAction | null;
  /**
   * The session requires it whatever the shop, the request and its rules say: a subscription's hosted pages (the
   * first payment, a new card), where the card is kept to be charged without the shopper afterwards.
   */
  required?: boolean;
}

/**
 * Whether 3-D Secure runs for a tokenization: the shop's setting, overridden by the request's flags (force wins
 * over skip), overridden in turn by a smart-routing `skip_3ds` / `force_3ds` rule; always where the session
 * requires it.
 */
export function threeDSecureApplies(input: ThreeDSecureDecisionInput): boolean {
  if (input.required) return true;
  if (input.routingAction === "force_3ds") return true;
  if (input.routingAction === "skip_3ds") return false;
  if (input.forceRequested) return true;
  if (input.skipRequested) return false;
  return input.shopEnabled;
}
