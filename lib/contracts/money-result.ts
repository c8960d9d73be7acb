import { z } from "zod";

/**
 * What a transaction does. `tokenization` stores a card without moving money; `payment` authorizes and captures at
 * once; an `authorization` holds the amount until a `capture` takes it or a `void` releases it; a `refund` returns
 * a payment's or capture's money; a `credit` pays out to a card; a `chargeback` reports money the cardholder's bank
 * took back from a payment or capture (received from the acquirer, never requested).
 */
export const TRANSACTION_TYPES = [
  "tokenization",
  "payment",
  "authorization",
  "capture",
  "void",
  "refund",
  "credit",
  "chargeback",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The types that move money, each answered with an object of its own name (`payment`, `refund`, …). */
export const MONEY_TYPES = ["payment", "authorization", "capture", "void", "refund", "credit"] as const;
export type MoneyType = (typeof MONEY_TYPES)[number];

/** Children of a payment or authorization: they carry `parent_uid`. */
export const CHILD_TYPES = ["capture", "void", "refund"] as const;
export type ChildType = (typeof CHILD_TYPES)[number];

const text = (description: string) => z.string().nullable().describe(description);

/** The acquirer's answer, as the object named after the transaction's type. */
export const moneyResultSchema = z
  .object({
    status: z
      .enum(["successful", "failed", "error"])
      .nullable()
      .describe(
        "successful: approved; failed: declined; error: the processor failed; null until it finishes",
      ),
    message: text("The acquirer's answer, e.g. Approved or Insufficient funds; null until it finishes"),
    auth_code: text("Authorization code of an approval"),
    rrn: text("Retrieval reference number"),
    ref_id: text("The acquirer's reference of the operation"),
    bank_code: text("Response code of the issuer or acquirer (00 approved, 05 do not honour, 51 …)"),
    billing_descriptor: text("What the shopper's statement shows"),
    gateway_id: z.int().describe("Gateway that processed the transaction"),
  })
  .describe("The acquirer's answer");

export type MoneyResult = z.output<typeof moneyResultSchema>;

/** Fields of the transaction object that only money transactions carry (a tokenization has `tokenization`). */
export const MONEY_ONLY_FIELDS: readonly string[] = [
  ...MONEY_TYPES,
  "parent_uid",
  "receipt_url",
  "amounts",
  "reason",
  "chargeback",
  "parent_transaction",
  "subscription_id",
];
