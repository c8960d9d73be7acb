import type { SmartRoutingAction, SmartRoutingRule } from "@/lib/contracts/shop-settings";

/** What the rules can see of a tokenization: the card's non-secret facts and the order. */
export interface SmartRoutingFacts {
  brand: string;
  issuerCountry: string | null;
  /** The first 8 digits of the card number (a rule's `bin` is a prefix of 6 to 8 of them). */
  leadingDigits: string;
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
}

export type SmartRoutingStatus = "successful" | "failed" | "skipped";

export interface SmartRoutingDecision {
  /** `smart_routing_verification.status` of the transaction. */
  status: SmartRoutingStatus;
  /** The action of the first matching rule; null when none matched or the shop has no rules. */
  action: SmartRoutingAction | null;
}

export const DECLINED_BY_SMART_ROUTING = "Declined by smart routing rules";

function matches(match: SmartRoutingRule["match"], facts: SmartRoutingFacts): boolean {
  if (match.brand !== undefined && match.brand !== facts.brand) return false;
  // A card whose issuing country is unknown matches no country rule rather than every one.
  if (match.issuer_country !== undefined && match.issuer_country !== facts.issuerCountry) return false;
  if (match.bin !== undefined && !facts.leadingDigits.startsWith(match.bin)) return false;
  if (match.currency !== undefined && match.currency !== facts.currency) return false;
  if (match.amount_min !== undefined && facts.amount < match.amount_min) return false;
  if (match.amount_max !== undefined && facts.amount > match.amount_max) return false;
  return true;
}

/** The first rule, in the shop's order, whose every match key holds for `facts`; null when none does. */
export function evaluateSmartRouting(
  rules: readonly SmartRoutingRule[],
  facts: SmartRoutingFacts,
): SmartRoutingRule | null {
  return rules.find((rule) => matches(rule.match, facts)) ?? null;
}

/** The shop's rules applied to one tokenization: what to do, and what to report. */
export function decideSmartRouting(
  rules: readonly SmartRoutingRule[],
  facts: SmartRoutingFacts,
): SmartRoutingDecision {
  if (rules.length === 0) return { status: "skipped", action: null };
  const rule = evaluateSmartRouting(rules, facts);
  const action = rule?.action ?? null;
  return { status: action === "decline" ? "failed" : "successful", action };
}
