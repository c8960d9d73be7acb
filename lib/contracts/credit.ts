import { z } from "zod";
import { errorTreeFromZod } from "./errors";
import { isPlainObject, type Now } from "./fields";
import { tokenErrorsAsUnknown } from "./payment";
import { createTokenizationFieldsSchema, type ParseResult } from "./tokenization";

// As in tokenization.ts: the schema reads the time of the request being parsed through this.
let referenceTime: Date | undefined;
const requestTime: Now = () => referenceTime ?? new Date();

/**
 * A payout (credit) to a card: the money and order fields of a payment, and the card — a stored card's token or
 * card data in full. No shopper takes part: no 3-D Secure, return_url or security code (sent, it is ignored and
 * never reaches the acquirer). `customer` is optional and only echoed: its `email` receives the payout e-mail when
 * the shop sends shopper e-mails.
 */
export const creditFieldsSchema = createTokenizationFieldsSchema({ now: requestTime })
  .pick({
    amount: true,
    currency: true,
    description: true,
    tracking_id: true,
    duplicate_check: true,
    dynamic_billing_descriptor: true,
    language: true,
    notification_url: true,
    test: true,
    credit_card: true,
    customer: true,
  })
  .meta({ description: "Credit (payout) request" });

export const creditRequestSchema = z
  .object({ request: creditFieldsSchema }, { error: () => "Request body must be a JSON object" })
  .meta({ description: "Body of POST /transactions/credits" });

export type CreditRequest = z.output<typeof creditFieldsSchema>;

/** Validates `{"request": {...}}` of a payout, every field error at once, paths relative to `request`. */
export function parseCreditRequest(body: unknown, options: { now?: Date } = {}): ParseResult<CreditRequest> {
  referenceTime = options.now;
  try {
    const result = creditRequestSchema.safeParse(isPlainObject(body) ? body : {});
    return result.success
      ? { ok: true, value: result.data.request }
      : {
          ok: false,
          errors: tokenErrorsAsUnknown(errorTreeFromZod(result.error, { within: ["request"] })),
        };
  } finally {
    referenceTime = undefined;
  }
}
