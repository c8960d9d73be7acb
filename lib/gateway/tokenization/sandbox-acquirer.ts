/**
 * The sandbox acquirer: decides a card's authorisation outcome from published test values, so merchants can
 * exercise every path without a real bank. 3-D Secure enrolment is decided separately (three-d-secure/).
 */
export type AcquirerDecision =
  | { status: "successful"; message: string; cvcResult: CvcResult | null }
  | { status: "failed"; message: string; cvcResult: CvcResult | null };

export type CvcResult = "M" | "N" | "U" | "E" | "0";

const DECLINED_CARDS = new Set(["4005550000000019"]);

// Test security codes: 111 match, 222 no match (declines), 333 not processed, 444 error, 555 not supported.
const CVC_TEST_VALUES: Record<string, CvcResult> = {
  "111": "M",
  "222": "N",
  "333": "U",
  "444": "E",
  "555": "0",
};

export const SUCCESS_MESSAGE = "Successfully processed";

export function decideSandboxOutcome(input: {
  number: string;
  verificationValue: string | null;
}): AcquirerDecision {
  const cvcResult = input.verificationValue ? (CVC_TEST_VALUES[input.verificationValue] ?? null) : null;
  if (DECLINED_CARDS.has(input.number)) return { status: "failed", message: "Card declined", cvcResult };
  if (cvcResult === "N") return { status: "failed", message: "Security code does not match", cvcResult };
  return { status: "successful", message: SUCCESS_MESSAGE, cvcResult };
}
