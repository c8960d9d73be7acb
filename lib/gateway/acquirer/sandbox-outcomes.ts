import { SUCCESSFULLY_PROCESSED } from "@/lib/contracts/messages";
import type { CvcResult, VerificationAnswer } from "./acquirer";

/**
 * The sandbox acquirer's published outcomes (README, "Test cards"), so a merchant can drive every path — through
 * the API or the hosted page — without a real bank. Decided by card first, then by amount.
 */

export type SandboxOutcome =
  | { kind: "approve" }
  | { kind: "decline"; message: string; bankCode: string }
  | { kind: "error"; message: string; bankCode: string }
  /** Approves, but only after `SLOW_ANSWER_MS`: for testing a merchant's timeouts. */
  | { kind: "slow" };

export const APPROVED_MESSAGE = "Approved";

const decline = (message: string, bankCode: string): SandboxOutcome => ({
  kind: "decline",
  message,
  bankCode,
});

/** Cards the issuer declines, whatever the amount. */
export const DECLINING_CARDS: ReadonlyMap<string, SandboxOutcome> = new Map([
  ["4005550000000019", decline("Card declined", "05")],
  ["4005550000000027", decline("Insufficient funds", "51")],
  ["4005550000000035", decline("Do not honour", "05")],
  ["4005550000000043", decline("Expired card", "54")],
  ["4005550000000050", decline("Lost or stolen card", "43")],
  ["4005550000000068", decline("Restricted card", "62")],
]);

/**
 * Amounts whose last three minor units choose the answer, for any card the table above does not decline: 10.51
 * (1051) is declined for insufficient funds, 10.05 is not honoured, 10.96 meets a processor error, and 10.91 is
 * approved after a few seconds — as are 20.51, 100.05 and so on, but not 11.51. Three digits rather than two, so
 * that random test amounts rarely land on them. Every operation follows them: captures, voids, refunds and payouts
 * included.
 */
export const OUTCOMES_BY_AMOUNT_ENDING: ReadonlyMap<number, SandboxOutcome> = new Map([
  [51, decline("Insufficient funds", "51")],
  [5, decline("Do not honour", "05")],
  [96, { kind: "error", message: "Processor error: system malfunction", bankCode: "96" }],
  [91, { kind: "slow" }],
]);

export function outcomeByAmount(amount: number): SandboxOutcome {
  return OUTCOMES_BY_AMOUNT_ENDING.get(amount % 1000) ?? { kind: "approve" };
}

/** Cards whose verification (a tokenization) fails. */
const CARDS_FAILING_VERIFICATION = new Set(["4005550000000019"]);

// Test security codes: 111 match, 222 no match (declines), 333 not processed, 444 error, 555 not supported.
const CVC_TEST_VALUES: Readonly<Record<string, CvcResult>> = {
  "111": "M",
  "222": "N",
  "333": "U",
  "444": "E",
  "555": "0",
};

/** A tokenization's card check: the declining test card fails it, and so does a security code that does not match. */
export function verificationForCard(input: {
  number: string;
  verificationValue: string | null;
}): VerificationAnswer {
  const cvcResult = input.verificationValue ? (CVC_TEST_VALUES[input.verificationValue] ?? null) : null;
  if (CARDS_FAILING_VERIFICATION.has(input.number))
    return { status: "failed", message: "Card declined", cvcResult };
  if (cvcResult === "N") return { status: "failed", message: "Security code does not match", cvcResult };
  return { status: "successful", message: SUCCESSFULLY_PROCESSED, cvcResult };
}

/**
 * The outcome of an authorization or payout: the card's, then the security code's (the test values of the
 * tokenization's acquirer, e.g. 222 does not match), then the amount's.
 */
export function outcomeForCard(input: {
  number: string;
  verificationValue: string | null;
  amount: number;
}): SandboxOutcome {
  const byCard = DECLINING_CARDS.get(input.number);
  if (byCard) return byCard;
  const checked = verificationForCard({ number: input.number, verificationValue: input.verificationValue });
  if (checked.status === "failed") return decline(checked.message, "N7");
  return outcomeByAmount(input.amount);
}
