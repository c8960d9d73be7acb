import { z } from "zod";
import { REASON_MAX_LENGTH } from "@/lib/contracts/child-transaction";
import type { ErrorTree } from "@/lib/contracts/errors";
import { TRANSACTION_UID_PATTERN } from "@/lib/contracts/transaction-uid";
import { currencyDigits, formatAmount } from "./format";

/**
 * The capture, void and refund forms of a transaction's page: the amount as the merchant types it (in the
 * currency's major units, "12.50"), turned into minor units here, and the server action's own schema, which
 * checks everything again (actions are public POST endpoints).
 */

export { currencyDigits, REASON_MAX_LENGTH };

/** Minor units as the merchant types them back: 1250 EUR → "12.50", 500 JPY → "500". */
export function toMajorUnits(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A refusal says why (`reason`, for forms that word it their own way) and how to put it right (`message`). */
export type AmountParse =
  | { ok: true; amount: number }
  | { ok: false; reason: "blank" | "format" | "zero" | "too_large"; message: string };

/**
 * The amount as typed with its thousands separators taken out: "1,250.00" and, where a comma cannot be the
 * decimal mark (three digits after it in a currency of fewer decimals), "1,250". Any other comma is a decimal
 * comma ("12,05").
 */
function normalizeAmountText(value: string, digits: number): string {
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value);
  if (grouped && (value.includes(".") || digits !== 3)) return value.replaceAll(",", "");
  return value.replace(",", ".");
}

/**
 * "12.5", "12.50", "12" or "1,012.50" in a two-decimal currency → 1250, 1200, 101250, with ISO 4217's decimals
 * (HUF "1,250" is 125000 minor units). No sign, no more decimals than the currency has: an ambiguous amount is
 * refused rather than guessed, since money moves on it.
 */
export function parseMajorAmount(text: string, currency: string, maximum: number): AmountParse {
  const digits = currencyDigits(currency);
  const value = normalizeAmountText(text.trim(), digits);
  if (value === "") return { ok: false, reason: "blank", message: "Enter an amount" };
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(value)) {
    return {
      ok: false,
      reason: "format",
      message:
        digits === 0
          ? `Enter a whole amount in ${currency}`
          : `Enter the amount in ${currency} with at most ${digits} decimals, e.g. ${toMajorUnits(1050, currency)}`,
    };
  }
  const [whole, fraction = ""] = value.split(".");
  const amount = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (amount < 1) return { ok: false, reason: "zero", message: "Enter an amount above zero" };
  if (!Number.isSafeInteger(amount) || amount > maximum) {
    return {
      ok: false,
      reason: "too_large",
      message: `Enter at most ${toMajorUnits(maximum, currency)} ${currency}`,
    };
  }
  return { ok: true, amount };
}

const common = {
  parentUid: z.string().regex(TRANSACTION_UID_PATTERN, "is not a transaction uid"),
  amount: z.int("must be a whole number of minor units").min(1, "must be greater than 0"),
  /**
   * One per confirmation, sent as the gateway's `RequestID`: a confirmation sent twice (a double click, a retry
   * after a lost answer) is answered with the first result instead of moving the money again.
   */
  requestId: z.uuid("is not a request id"),
};

/** The input of the capture, void and refund server action. */
export const moneyActionSchema = z.discriminatedUnion("operation", [
  z.object({ operation: z.enum(["capture", "void"]), ...common }),
  z.object({
    operation: z.literal("refund"),
    ...common,
    reason: z
      .string("can't be blank")
      .trim()
      .min(1, "can't be blank")
      .max(REASON_MAX_LENGTH, `is too long (maximum is ${REASON_MAX_LENGTH} characters)`),
  }),
]);

export type MoneyActionInput = z.input<typeof moneyActionSchema>;
export type MoneyAction = z.output<typeof moneyActionSchema>;

/**
 * The gateway's refusal of a capture, void or refund in the merchant's terms. Its amount errors count minor units
 * ("Amount can't be greater than 1250", as beGateway words it); here that becomes money ("at most €12.50").
 * Anything else is the gateway's own message.
 */
export function describeRefusal(refusal: { message: string; errors: ErrorTree }, currency: string): string {
  const amount = refusal.errors.amount;
  const limit = Array.isArray(amount)
    ? amount.map((message) => /^can't be greater than (\d+)$/.exec(message)).find(Boolean)
    : undefined;
  if (!limit) return refusal.message;
  return `The amount is more than is left: at most ${formatAmount(Number(limit[1]), currency)} now.`;
}
