import { z } from "zod";
import { CARD_BRANDS } from "@/lib/cards/brand";
import {
  CHECKOUT_CUSTOMER_FIELDS,
  CHECKOUT_STATUSES,
  CHECKOUT_TRANSACTION_TYPES,
  type CheckoutCustomerField,
} from "./checkout";
import { LANGUAGES } from "./languages";
import {
  threeDSecureVerificationSchema,
  transactionCreditCardSchema,
  transactionSchema,
} from "./transaction";

/**
 * What a checkout token reads: the hosted page's views of its session and of the session's transactions. A checkout
 * token is in every shopper's browser address and in every card tester's hands, so these views carry what the page
 * draws and nothing of the merchant's own: no hidden customer data, no `ip` or `device_id`, no notification or
 * verification URL, no card stamp or token. The merchant's views (shop credentials) stay complete.
 */

/** A transaction as the page sees it: how the attempt went and where 3-D Secure continues. */
export const shopperTransactionViewSchema = transactionSchema
  .pick({
    uid: true,
    status: true,
    message: true,
    amount: true,
    currency: true,
    type: true,
  })
  .extend({
    // A session's transactions are its attempts, which always have a page (only captures, voids and refunds do not).
    redirect_url: z.string().describe("Processing page of the transaction, {base_url}/process/{uid}"),
    credit_card: transactionCreditCardSchema.pick({ brand: true, last_4: true }),
    three_d_secure_verification: threeDSecureVerificationSchema.pick({ status: true }),
  })
  .meta({ description: "A transaction as the hosted page sees it (checkout token as bearer)" });

export const shopperTransactionResponseSchema = z
  .object({ transaction: shopperTransactionViewSchema })
  .meta({ description: "One transaction of the session, shopper view" });

export type ShopperTransactionView = z.output<typeof shopperTransactionViewSchema>;

const customerField = z.enum(CHECKOUT_CUSTOMER_FIELDS);

/** The session's customer, only the fields the page shows (`customer_fields.visible`); absent when not set. */
const shopperCustomerSchema = z
  .object(
    Object.fromEntries(CHECKOUT_CUSTOMER_FIELDS.map((field) => [field, z.string().optional()])) as Record<
      CheckoutCustomerField,
      z.ZodOptional<z.ZodString>
    >,
  )
  .describe("The session's values of the fields the page shows; nothing of the fields it does not");

const nullableUrl = () => z.string().nullable();

export const shopperCheckoutViewSchema = z
  .object({
    token: z.string(),
    transaction_type: z
      .enum(CHECKOUT_TRANSACTION_TYPES)
      .describe("What paying does, so the page can say it: store the card, charge it, or hold the amount"),
    status: z.enum(CHECKOUT_STATUSES),
    finished: z.boolean(),
    expired: z.boolean(),
    message: z.string().nullable(),
    test: z.boolean(),
    three_d_secure: z
      .boolean()
      .describe("Attempts go through 3-D Secure (the shop's setting, or required for this session)"),
    attempts_left: z.int().min(0),
    language: z.enum(LANGUAGES),
    shop: z.object({
      name: z.string(),
      logo_url: z.string().nullable(),
      color: z.string().nullable(),
      contact: z
        .object({ email: z.string().nullable(), phone: z.string().nullable(), url: z.string().nullable() })
        .nullable()
        .describe("How shoppers reach the shop (its support settings); null when it gave none"),
    }),
    accepted_brands: z
      .array(z.enum(CARD_BRANDS))
      .describe("The card brands the shop takes, the marks the page shows above the form"),
    order: z.object({
      amount: z.int(),
      currency: z.string(),
      description: z.string(),
      tracking_id: z.string().nullable(),
      receipt_text: z
        .array(z.string())
        .describe("The merchant's receipt lines (`additional_data.receipt_text`)"),
    }),
    customer_fields: z
      .object({
        visible: z.array(customerField),
        required: z.array(customerField),
        read_only: z.array(customerField),
      })
      .describe("Which customer fields the page shows, which of them the shop requires, which are read-only"),
    credit_card_fields: z
      .object({
        holder: z.string().nullable(),
        holder_required: z.boolean(),
        read_only: z.boolean(),
        verification_value_required: z.boolean(),
      })
      .describe("The holder's name the merchant gave, and which card fields the shop requires"),
    customer: shopperCustomerSchema.nullable(),
    saved_card: z
      .object({ brand: z.string(), last_4: z.string() })
      .nullable()
      .describe("A stored card offered for this payment (oneclick): brand and last 4 digits only"),
    save_card_toggle: z.object({ display: z.boolean() }),
    another_card_toggle: z.object({ display: z.boolean() }),
    keeps_card: z
      .boolean()
      .describe(
        "The session keeps the card for the shop's future charges (contract `recurring`) without a save-card choice: the page says so before the button",
      ),
    subscription_terms: z
      .object({
        amount: z.number().int(),
        currency: z.string(),
        interval: z.number().int(),
        interval_unit: z.enum(["hour", "day", "week", "month", "year"]),
        trial: z
          .object({
            amount: z.number().int(),
            interval: z.number().int(),
            interval_unit: z.enum(["hour", "day", "week", "month", "year"]),
          })
          .nullable(),
        first_charge_at: z
          .string()
          .nullable()
          .describe(
            "After a trial: when the plan's first full charge falls (the trial's end), ISO 8601; null without a trial",
          ),
      })
      .nullable()
      .describe(
        "The plan of the subscription this page is for (null elsewhere): the page says its terms in words",
      ),
    card_update: z
      .object({
        subscription: z.string().describe("The subscription's name (its plan's title)"),
        replaces: z
          .object({ brand: z.string(), last_4: z.string() })
          .nullable()
          .describe("The card the update replaces: brand and last 4 digits only"),
      })
      .nullable()
      .describe(
        "This page replaces a subscription's card (its card_update_url): a card check, nothing charged (null elsewhere)",
      ),
    frame_ancestors: z
      .array(z.string())
      .describe("Origins the shop allows to frame the page (CSP frame-ancestors); empty: none"),
    return_urls: z
      .object({
        success_url: nullableUrl(),
        decline_url: nullableUrl(),
        fail_url: nullableUrl(),
        cancel_url: nullableUrl(),
        return_url: nullableUrl(),
        auto_return: z.int().nullable(),
      })
      .describe("Where the shopper goes after the session (the shopper's browser is sent there anyway)"),
    receipt: z
      .object({
        url: z.string().describe("The payment's hosted receipt page"),
        date: z.string().describe("When the money moved, ISO 8601"),
        statement_descriptor: z.string().nullable().describe("The name on the shopper's card statement"),
        emailed_to: z
          .string()
          .nullable()
          .describe(
            "The address the receipt e-mail is going to, masked (j•••@example.com); null when none is sent",
          ),
        emailed: z
          .enum(["sent", "pending"])
          .nullable()
          .describe("Whether that e-mail has gone out or is still queued; null when none is sent"),
      })
      .nullable()
      .describe("A paid session's receipt, for the result page; null for anything else"),
    last_transaction: shopperTransactionViewSchema
      .pick({ uid: true, status: true, message: true, redirect_url: true, credit_card: true })
      .nullable()
      .describe("The latest attempt's outcome, for the result page"),
  })
  .meta({ description: "A checkout session as the hosted page sees it (checkout token as bearer)" });

export const shopperCheckoutResponseSchema = z
  .object({ checkout: shopperCheckoutViewSchema })
  .meta({ description: "A checkout session, shopper view" });

export type ShopperCheckoutView = z.output<typeof shopperCheckoutViewSchema>;
