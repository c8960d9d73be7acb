import { z } from "zod";
import { type ErrorTree, errorTreeFromZod } from "./errors";
import {
  booleanValue,
  currencyCode,
  isPlainObject,
  minorUnitAmount,
  optional,
  optionalString,
  requiredString,
  withDefault,
} from "./fields";
import { BLANK } from "./messages";
import { TRACKING_ID_MAX_LENGTH } from "./tokenization";

/**
 * Captures, voids and refunds: transactions that act on an earlier one, named by `parent_uid`. A capture takes
 * money an authorization holds, a void releases an authorization that nothing was captured of (its full amount),
 * a refund returns money of a payment or of a capture (the transactions that took it), as beGateway's card API
 * has them.
 */
export const CHILD_TRANSACTION_TYPES = ["capture", "void", "refund"] as const;
export type ChildTransactionType = (typeof CHILD_TRANSACTION_TYPES)[number];

export const REASON_MAX_LENGTH = 255;

function childFields(type: ChildTransactionType) {
  return {
    parent_uid: requiredString().describe(
      type === "refund" ? "uid of the payment or capture to refund" : `uid of the authorization to ${type}`,
    ),
    amount: minorUnitAmount().describe(
      type === "void"
        ? "The authorization's full amount, in minor units"
        : "Amount in minor units; at most what the parent has left",
    ),
    currency: optional(currencyCode()).describe(
      "The parent's currency (the only one accepted); may be omitted",
    ),
    tracking_id: optionalString(TRACKING_ID_MAX_LENGTH).describe("Merchant's id; the parent's when omitted"),
    duplicate_check: withDefault(booleanValue(), true).describe(
      "Reject a request with the same parent_uid and amount as one of the same type less than 30 seconds earlier",
    ),
  };
}

export const captureFieldsSchema = z
  .object(childFields("capture"), { error: () => BLANK })
  .meta({ description: "Capture request" });

export const voidFieldsSchema = z
  .object(childFields("void"), { error: () => BLANK })
  .meta({ description: "Void request" });

export const refundFieldsSchema = z
  .object(
    {
      ...childFields("refund"),
      reason: requiredString(REASON_MAX_LENGTH).describe("Why the money is returned"),
    },
    { error: () => BLANK },
  )
  .meta({ description: "Refund request" });

const requestOf = <T extends z.ZodType>(fields: T, path: string) =>
  z
    .object({ request: fields }, { error: () => "Request body must be a JSON object" })
    .meta({ description: `Body of POST /transactions/${path}` });

export const childRequestSchemas = {
  capture: requestOf(captureFieldsSchema, "captures"),
  void: requestOf(voidFieldsSchema, "voids"),
  refund: requestOf(refundFieldsSchema, "refunds"),
} as const;

export type CaptureRequest = z.output<typeof captureFieldsSchema>;
export type VoidRequest = z.output<typeof voidFieldsSchema>;
export type RefundRequest = z.output<typeof refundFieldsSchema>;
export type ChildRequest = CaptureRequest & { reason?: string };

/** Validates a child request body, every field error at once, with paths relative to `request`. */
export function parseChildRequest(
  type: ChildTransactionType,
  body: unknown,
): { ok: true; value: ChildRequest } | { ok: false; errors: ErrorTree } {
  const result = childRequestSchemas[type].safeParse(isPlainObject(body) ? body : {});
  return result.success
    ? { ok: true, value: result.data.request as ChildRequest }
    : { ok: false, errors: errorTreeFromZod(result.error, { within: ["request"] }) };
}

/**
 * What a payment, authorization or capture has left, derived from its successful children and kept in its own
 * response as `amounts` (payments, authorizations and captures only), from the transaction's creation on. Updated
 * in the database transaction that finishes a child, under the parent's row lock.
 */
export const parentAmountsSchema = z
  .object({
    captured: z.int().describe("Captured of an authorization (successful captures); 0 for other types"),
    voided: z.int().describe("Voided of an authorization (a successful void: its full amount)"),
    refunded: z.int().describe("Refunded of a payment or capture (successful refunds)"),
    capturable: z
      .int()
      .describe("What a capture may still take of an authorization (until authorization_expires_at); else 0"),
    refundable: z.int().describe("What a refund may still return of a payment or capture; else 0"),
    authorization_expires_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe(
        "When a successful authorization can no longer be captured (its creation plus the shop's " +
          "authorization_expiry_days of that time, fixed then; a void stays possible until capture); null for other " +
          "types and for an authorization that did not succeed",
      ),
  })
  .describe("What the transaction has left for captures, voids and refunds");

export type ParentAmounts = z.output<typeof parentAmountsSchema>;

/** Messages of the child rules, word for word what beGateway's clients check where they check one. */
export function amountTooLarge(remaining: number): string {
  return `can't be greater than ${remaining}`;
}
