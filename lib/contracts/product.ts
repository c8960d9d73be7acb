import { z } from "zod";
import { CHECKOUT_CUSTOMER_FIELDS } from "./checkout";
import { type ErrorTree, errorTreeFromZod, isEmptyErrorTree, mergeErrorTrees } from "./errors";
import {
  arrayValue,
  booleanValue,
  currencyCode,
  fieldErrors,
  httpUrl,
  isAbsent,
  isPlainObject,
  language,
  minorUnitAmount,
  type Now,
  optional,
  requiredString,
  stringValue,
  systemNow,
} from "./fields";
import { LANGUAGES } from "./languages";
import {
  BLANK,
  greaterThanOrEqualTo,
  INVALID,
  lessThanOrEqualTo,
  NOT_A_NUMBER,
  NOT_AN_INTEGER,
  NOT_INCLUDED,
} from "./messages";
import { additionalDataSchema, DESCRIPTION_MAX_LENGTH, type ParseResult } from "./tokenization";

/**
 * Products and their payment links: bePaid's products API (`POST /products`, flat bodies). A product is what a
 * shopper pays for by following its link; every visit to the link opens a checkout session of the product.
 */

export const PRODUCT_ID_PATTERN = /^prd_[0-9a-f]{16}$/;
export const PRODUCT_TRANSACTION_TYPES = ["payment", "authorization"] as const;
export const NAME_MAX_LENGTH = 255;
/** Stock is counted in a 32-bit column. */
export const MAX_QUANTITY = 2_147_483_647;

/** Whole units of stock, as a JSON number or a string of digits (bePaid documents it as a string). */
function stockQuantity() {
  return z
    .union([z.number().meta({ type: "integer", minimum: 0, maximum: MAX_QUANTITY }), z.string()], {
      error: fieldErrors(NOT_A_NUMBER),
    })
    .transform((value, ctx) => {
      const text = typeof value === "string" ? value.trim() : null;
      if (text === "") {
        ctx.addIssue({ code: "custom", message: BLANK, input: value });
        return z.NEVER;
      }
      const quantity =
        text === null ? (value as number) : /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
      const problem = Number.isNaN(quantity)
        ? NOT_A_NUMBER
        : !Number.isInteger(quantity)
          ? NOT_AN_INTEGER
          : quantity < 0
            ? greaterThanOrEqualTo(0)
            : quantity > MAX_QUANTITY
              ? lessThanOrEqualTo(MAX_QUANTITY)
              : null;
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem, input: value });
        return z.NEVER;
      }
      return quantity;
    });
}

const visibleFieldList = optional(
  arrayValue(z.enum(CHECKOUT_CUSTOMER_FIELDS, { error: fieldErrors(NOT_INCLUDED) })),
);

function timestampValue(now: Now) {
  return stringValue()
    .refine((value) => /^\d{4}-\d{2}-\d{2}[T ]/.test(value) && !Number.isNaN(Date.parse(value)), {
      error: INVALID,
      abort: true,
    })
    .refine((value) => Date.parse(value) > now().getTime(), "must be in the future")
    .meta({ format: "date-time" });
}

/** `POST /products`, a flat body. Unknown keys (the PHP client's `additional_data.meta`, …) are ignored. */
export function createProductCreateSchema(now: Now = systemNow) {
  return z
    .object({
      name: requiredString(NAME_MAX_LENGTH).describe("Product name, shown on the payment page"),
      description: requiredString(DESCRIPTION_MAX_LENGTH).describe("What the shopper pays for"),
      currency: currencyCode(),
      amount: minorUnitAmount().describe("Price in minor units (cents); greater than 0"),
      quantity: optional(stockQuantity()).describe(
        "Units for sale; required unless infinite is true. Each successful payment takes one",
      ),
      infinite: optional(booleanValue()).describe(
        "true: no stock limit. Default: true when no quantity is given, false when one is",
      ),
      visible: visibleFieldList.describe("Customer fields the payment page asks for"),
      visible_fields: visibleFieldList.describe("The same as visible (bePaid's documented name)"),
      test: optional(booleanValue()).describe("Payments through the link are test payments"),
      immortal: optional(booleanValue()).describe("true: the link never expires (default unless expired_at)"),
      expired_at: optional(timestampValue(now)).describe(
        "ISO 8601 with time zone; after it the link sells no more. Required when immortal is false",
      ),
      return_url: optional(httpUrl()),
      success_url: optional(httpUrl()),
      fail_url: optional(httpUrl()),
      notification_url: optional(httpUrl()),
      language: optional(language()).describe("Language of the payment page"),
      transaction_type: optional(
        z.enum(PRODUCT_TRANSACTION_TYPES, { error: fieldErrors(NOT_INCLUDED) }),
      ).describe("payment (default) charges at once; authorization holds the amount"),
      additional_data: optional(additionalDataSchema),
    })
    .meta({ description: "Body of POST /products (flat, no wrapper)" });
}

export const productCreateSchema = createProductCreateSchema();

/** `PUT /products/{id}`: the price and the stock, and (Tessera) whether the link still sells. */
export const productUpdateSchema = z
  .object({
    amount: optional(minorUnitAmount()).describe("New price in minor units"),
    quantity: optional(stockQuantity()).describe("Units now for sale (sets infinite to false)"),
    infinite: optional(booleanValue()).describe("true: no stock limit"),
    active: optional(booleanValue()).describe("false deactivates the link: it sells no more"),
  })
  .meta({ description: "Body of PUT /products/{id}; absent keys stay as they are" });

export type ProductCreateRequest = z.output<typeof productCreateSchema>;
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductUpdateRequest = z.output<typeof productUpdateSchema>;

/** What a product is once its defaults are applied: one place decides `infinite` and `immortal`. */
export interface ProductTerms {
  infinite: boolean;
  quantity: number | null;
  immortal: boolean;
  expiredAt: string | null;
}

export function productTerms(request: ProductCreateRequest): ProductTerms {
  // A quantity makes the product finite unless infinite is explicitly true; expired_at makes it mortal.
  const infinite = request.infinite ?? request.quantity === undefined;
  const expiredAt = request.expired_at ?? null;
  return {
    infinite,
    quantity: infinite ? null : (request.quantity ?? 0),
    immortal: expiredAt === null,
    expiredAt,
  };
}

/**
 * The conditionally required fields, read from the raw body so they are reported beside every other error (a
 * refinement of the parsed object would run only once everything else is valid): `quantity` when the product is
 * not infinite, `expired_at` when it is not immortal.
 */
function conditionalErrors(body: Record<string, unknown>): ErrorTree {
  const errors: ErrorTree = {};
  if (body.infinite === false && isAbsent(body.quantity)) errors.quantity = [BLANK];
  if (body.immortal === false && isAbsent(body.expired_at)) errors.expired_at = [BLANK];
  return errors;
}

function parseFlat<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  // A body that is not an object carries no fields: report what is missing rather than the body's type.
  const input = isPlainObject(body) ? body : {};
  const result = schema.safeParse(input);
  const conditional = conditionalErrors(input);
  if (result.success && isEmptyErrorTree(conditional)) return { ok: true, value: result.data };
  const errors = result.success ? {} : (errorTreeFromZod(result.error) as ErrorTree);
  return { ok: false, errors: mergeErrorTrees(errors, conditional) };
}

export function parseProductCreateRequest(body: unknown, options: { now?: Now } = {}) {
  return parseFlat(options.now ? createProductCreateSchema(options.now) : productCreateSchema, body);
}

export function parseProductUpdateRequest(body: unknown): ParseResult<ProductUpdateRequest> {
  const result = parseFlat(productUpdateSchema, body);
  if (result.ok && Object.values(result.value).every(isAbsent)) {
    return { ok: false, errors: { base: ["Nothing to update"] } };
  }
  return result;
}

const url = (description: string) => z.string().nullable().describe(description);

/** A product as every product endpoint returns it: every key present, `null` when not given. */
export const productSchema = z
  .object({
    id: z.string().regex(PRODUCT_ID_PATTERN).describe("`prd_` followed by 16 hex characters"),
    shop_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    currency: z.string(),
    amount: z.number().int().describe("Price in minor units"),
    quantity: z.number().int().nullable().describe("Units still for sale; null when infinite"),
    infinite: z.boolean(),
    sold: z.number().int().describe("Units taken by successful payments"),
    visible: z.array(z.enum(CHECKOUT_CUSTOMER_FIELDS)),
    test: z.boolean(),
    immortal: z.boolean(),
    expired_at: z.iso.datetime({ offset: true }).nullable(),
    transaction_type: z.enum(PRODUCT_TRANSACTION_TYPES),
    language: z.enum(LANGUAGES).nullable(),
    return_url: url("Where the shopper goes after paying (overrides success_url and fail_url)"),
    success_url: url("Where the shopper goes after a successful payment"),
    fail_url: url("Where the shopper goes after a declined or failed payment"),
    notification_url: url("Webhook of every payment through the link"),
    additional_data: z.object({ receipt_text: z.array(z.string()), contract: z.array(z.string()) }),
    active: z.boolean().describe("false once deactivated"),
    pay_url: z.string().describe("{PUBLIC_URL}/products/{id}/pay: the payment link"),
    payment_url: z.string().describe("The same link, bePaid's second name for it"),
    confirm_url: z
      .string()
      .describe("{PUBLIC_URL}/v2/confirm_order/{id}/{shop_id}: also opens the payment page"),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ description: "A product and its payment links" });

export const productListSchema = z.array(productSchema).meta({ description: "Products, newest first" });

export type Product = z.output<typeof productSchema>;

/** Why a link shows no payment page. */
export const PRODUCT_UNAVAILABLE_REASONS = ["sold_out", "inactive", "expired"] as const;
export type ProductUnavailableReason = (typeof PRODUCT_UNAVAILABLE_REASONS)[number];

/** The refusal of a payment attempt through a link whose last units are held or sold. */
export const SOLD_OUT = "Sold out";
