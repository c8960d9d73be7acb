import { z } from "zod";
import { parentAmountsSchema } from "./child-transaction";
import type { ErrorTree } from "./errors";
import { moneyResultSchema, TRANSACTION_TYPES } from "./money-result";
import { CONTRACTS } from "./tokenization";
import { travelEchoSchema } from "./travel";

/**
 * The transaction object every transaction endpoint and webhook returns. Every key is always present, `null`
 * where it does not apply, so clients can read fields without existence checks. Never carries the card number
 * or the security code.
 */

const text = (description: string) => z.string().nullable().describe(description);
// Tessera always writes milliseconds and Z; other compatible gateways may not, and the client must still read them.
const timestamp = () => z.iso.datetime({ offset: true });

export const TRANSACTION_STATUSES = ["successful", "failed", "incomplete", "error"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const transactionCreditCardSchema = z
  .object({
    holder: text("Cardholder name, null when none was given"),
    brand: text("Detected brand: visa, master, amex, maestro, discover, jcb, diners, unionpay, mir, …"),
    product: text("Card product type code from the BIN table, null when unknown"),
    last_4: z.string().describe("Last 4 digits"),
    first_1: z.string().describe("First digit"),
    bin: z.string().describe("First 6 digits"),
    bin_8: text("First 8 digits for Visa, Mastercard and Maestro (and their co-brands), otherwise null"),
    issuer_country: text("ISO 3166-1 alpha-2 country of the issuing bank, null when unknown"),
    issuer_name: text("Issuing bank, null when unknown"),
    exp_month: z.int().describe("Expiry month, 1 to 12"),
    exp_year: z.int().describe("Expiry year, four digits"),
    stamp: text(
      "Card fingerprint within the shop: the same for the same number, whatever the expiry or holder; " +
        "another shop gets another stamp. Null until tokenization succeeds, like the token",
    ),
    token: text("Token to store and use for later charges; null until tokenization succeeds"),
    token_provider: text("Always null in a tokenization result"),
  })
  .describe("The card, masked");

export const threeDSecureVerificationSchema = z
  .object({
    status: text(
      "Verification result: successful or failed; null while pending or when 3-D Secure did not run",
    ),
    message: text("Verification result message"),
    ve_status: text("Enrolment status: Y, N, U"),
    pa_status: text("Authentication status: Y, A, N, U, R"),
    eci: text("Electronic commerce indicator"),
    xid: text("3-D Secure transaction id"),
    cavv: text("Cardholder authentication verification value"),
    cavv_algorithm: text("Algorithm of the CAVV"),
    fail_reason: text("Why verification failed"),
    acs_url: text("Access control server page of the challenge"),
    pa_res_url: text("Where the access control server posts its answer"),
    method_process_url: text("3-D Secure 2 device data (method) step, advanced scenario only"),
  })
  .describe("3-D Secure verification; every field null when verification did not run");

export const transactionSchema = z
  .object({
    uid: z.string().describe("Transaction UID"),
    id: z.string().describe("Same as uid"),
    status: z
      .enum(TRANSACTION_STATUSES)
      .describe(
        "successful: card stored (and, for money types, approved); incomplete: 3-D Secure challenge pending, " +
          "send the shopper to redirect_url; failed: declined, message says why; error: the processor failed " +
          "(money types only)",
      ),
    message: text("Processing result message; null while incomplete"),
    tracking_id: text("Merchant's id as sent"),
    language: z.string().describe("Language as sent, en by default"),
    type: z
      .enum(TRANSACTION_TYPES)
      .describe("tokenization, payment, authorization, capture, void, refund, credit or chargeback"),
    payment_method_type: z.literal("credit_card"),
    test: z.boolean().describe("Test transaction"),
    amount: z.int().describe("Amount in minor units"),
    currency: z.string().describe("ISO 4217 code"),
    description: z.string(),
    created_at: timestamp().describe("ISO 8601 with milliseconds, UTC"),
    updated_at: timestamp().describe("ISO 8601 with milliseconds, UTC"),
    paid_at: timestamp()
      .nullable()
      .describe("When the money was taken (a successful payment or capture); null otherwise"),
    redirect_url: z
      .string()
      .nullable()
      .describe(
        "Processing page of the transaction, {base_url}/process/{uid}; null for captures, voids and refunds, " +
          "which have no page",
      ),
    status_code: z.union([z.string(), z.number()]).nullable().describe("Null in a tokenization result"),
    credit_card: transactionCreditCardSchema,
    three_d_secure_verification: threeDSecureVerificationSchema,
    tokenization: z
      .object({
        message: text("Tokenization result message"),
        status: z.enum(["successful", "failed"]).nullable().describe("Null until the transaction finishes"),
        gateway_id: z.int().describe("Gateway that processed the tokenization"),
      })
      .optional()
      .describe("Tokenization result; only in a tokenization"),
    payment: moneyResultSchema.optional().describe("The acquirer's answer; only in a payment"),
    authorization: moneyResultSchema.optional().describe("The acquirer's answer; only in an authorization"),
    capture: moneyResultSchema.optional().describe("The acquirer's answer; only in a capture"),
    void: moneyResultSchema.optional().describe("The acquirer's answer; only in a void"),
    refund: moneyResultSchema.optional().describe("The acquirer's answer; only in a refund"),
    credit: moneyResultSchema.optional().describe("The acquirer's answer; only in a credit (payout)"),
    parent_uid: z
      .string()
      .nullable()
      .optional()
      .describe("The authorization or payment a capture, void or refund acts on; only in money transactions"),
    receipt_url: z
      .string()
      .nullable()
      .optional()
      .describe("The receipt page of a money transaction; null until it succeeds; absent in a tokenization"),
    amounts: parentAmountsSchema
      .optional()
      .describe(
        "What a payment, authorization or capture has left, from its creation on; zeros unless it succeeded. Only " +
          "in these three types",
      ),
    subscription_id: z
      .string()
      .optional()
      .describe(
        "The subscription a charge was made for (its first charge or a renewal), and on that charge's captures, " +
          "refunds and chargebacks; absent on every other transaction",
      ),
    reason: z
      .string()
      .nullable()
      .optional()
      .describe("Why the money was returned; only in a refund and a chargeback (the dispute's reason)"),
    chargeback: z
      .object({
        status: z.literal("successful"),
        message: z.string(),
        reason: z.string().describe("The dispute's reason (fraudulent, product_not_received, …)"),
        reason_code: z.string().describe("The card network's reason code"),
        dispute_id: z.string().describe("The dispute (GET /disputes/{id})"),
      })
      .optional()
      .describe("Only in a chargeback: what the bank took back and why"),
    parent_transaction: z
      .object({
        uid: z.string(),
        type: z.string(),
        status: z.string(),
        amount: z.int(),
        currency: z.string(),
        tracking_id: z.string().nullable(),
      })
      .optional()
      .describe("Only in a chargeback: the payment or capture charged back"),
    additional_data: z.object({
      receipt_text: z.array(z.string()),
      contract: z.array(z.enum(CONTRACTS)),
    }),
    smart_routing_verification: z
      .object({
        status: z
          .enum(["successful", "failed", "skipped"])
          .describe(
            "successful: rules checked and passed; failed: a decline rule matched; skipped: the shop has no rules",
          ),
      })
      .describe("Smart Routing check"),
    customer: z
      .object({
        ip: text("Customer IP address"),
        email: text("Customer e-mail"),
        device_id: text("Customer device id"),
        birth_date: text("YYYY-MM-DD"),
      })
      .nullable()
      .describe("Customer details as sent; null when none were sent"),
    billing_address: z
      .object({
        first_name: text("First name"),
        last_name: text("Last name"),
        address: text("Street address"),
        country: text("ISO 3166-1 alpha-2"),
        city: text("City"),
        zip: text("Postal code"),
        state: text("State or province code (US and CA)"),
        phone: text("Phone"),
      })
      .nullable()
      .describe("Billing address as sent; null when none was sent"),
    travel: travelEchoSchema.nullable().describe("Travel data as sent; null when none was sent"),
    duplicate_check: z.boolean(),
    dynamic_billing_descriptor: text("As sent"),
    notification_url: text("As sent"),
    verification_url: text("As sent"),
    return_url: text("As sent"),
    skip_three_d_secure_verification: z.boolean(),
    force_three_d_secure_verification: z.boolean(),
    three_d_secure: z.object({ advanced: z.boolean() }),
  })
  .meta({ description: "A transaction; the tokenization request's parameters echoed back" });

export type Transaction = z.output<typeof transactionSchema>;

export const transactionResponseSchema = z
  .object({ transaction: transactionSchema })
  .meta({ description: "One transaction" });

export const transactionListResponseSchema = z
  .object({ transactions: z.array(transactionSchema) })
  .meta({ description: "Transactions, newest first" });

export type TransactionResponse = z.output<typeof transactionResponseSchema>;
export type TransactionListResponse = z.output<typeof transactionListResponseSchema>;

/**
 * Spelled out to a fixed depth instead of with `z.lazy`: a recursive schema becomes `$ref`s into the generated
 * document's own `$defs`, which break once the schema is embedded in the OpenAPI components. Six levels hold the
 * deepest request path (travel.airline.legs.<i>.<field>); anything deeper is accepted unchecked.
 */
function errorTreeLevel(depth: number): z.ZodType {
  const nested = depth === 0 ? z.record(z.string(), z.unknown()) : errorTreeLevel(depth - 1);
  return z.record(z.string(), z.union([z.array(z.string()), nested]));
}

export const errorTreeSchema = (errorTreeLevel(6) as z.ZodType<ErrorTree>).meta({
  description:
    'Messages nested like the request, e.g. {"credit_card":{"number":["is invalid"]}}; "base" for the whole',
});

export const errorBodySchema = z
  .object({
    message: z
      .string()
      .describe('Every error as a sentence, e.g. "Amount must be greater than 0. Number is invalid"'),
    errors: errorTreeSchema,
  })
  .meta({ description: "Validation error (422) and other request errors" });

export const messageBodySchema = z.object({ message: z.string() }).meta({
  description: "An error without field details: a record not found (404), a metrics token refused (401)",
});
