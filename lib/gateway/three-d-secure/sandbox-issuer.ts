/**
 * The sandbox issuer's 3-D Secure enrolment and authentication result for each test card, so merchants can
 * exercise every path without a real bank. Cards not listed here are enrolled and ask for a one-time code.
 */

/** How the issuer authenticates an enrolled card (stored in `three_d_secure_challenges.scenario`). */
export const ISSUER_SCENARIOS = [
  "frictionless",
  "attempted",
  "challenge",
  "unavailable",
  "rejected",
  "not_authenticated",
] as const;
export type IssuerScenario = (typeof ISSUER_SCENARIOS)[number];

export type Enrolment = { enrolled: false } | { enrolled: true; scenario: IssuerScenario };

// The published sandbox series: the same six results for Visa (4012000000001…) and Mastercard (520424000001…).
const SCENARIOS_BY_CARD: ReadonlyMap<string, IssuerScenario> = new Map([
  ["4012000000001006", "frictionless"],
  ["4012000000001055", "attempted"],
  ["4012000000001097", "challenge"],
  ["4012000000001022", "unavailable"],
  ["4012000000001030", "rejected"],
  ["4012000000001014", "not_authenticated"],
  ["5204240000015003", "frictionless"],
  ["5204240000015011", "attempted"],
  ["5204240000015029", "challenge"],
  ["5204240000015045", "unavailable"],
  ["5204240000015052", "rejected"],
  ["5204240000015060", "not_authenticated"],
]);

// Not enrolled in 3-D Secure: tokenized without it. The acquirer's decline card is answered before 3-D Secure.
const NOT_ENROLLED = new Set(["4200000000000000", "4005550000000019"]);

export function issuerEnrolment(number: string): Enrolment {
  if (NOT_ENROLLED.has(number)) return { enrolled: false };
  return { enrolled: true, scenario: SCENARIOS_BY_CARD.get(number) ?? "challenge" };
}

export function isIssuerScenario(value: string): value is IssuerScenario {
  return (ISSUER_SCENARIOS as readonly string[]).includes(value);
}
