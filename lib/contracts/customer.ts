import { z } from "zod";
import { type ErrorTree, errorTreeFromZod } from "./errors";
import {
  ipAddress,
  isAbsent,
  isPlainObject,
  MAX_EMAIL_LENGTH,
  optionalString,
  requiredFieldErrors,
  withAddressRules,
} from "./fields";
import { ADDRESS_INVALID, BLANK, INVALID, NOT_A_STRING, tooLong } from "./messages";
import { billingAddressSchema, type ParseResult } from "./tokenization";

export const CUSTOMER_ID_PATTERN = /^cst_[0-9a-f]{16}$/;
export const EXTERNAL_ID_MAX_LENGTH = 255;

/**
 * The spec answers a missing `ip` with both of its checks, in this order:
 * `{"ip":["address is invalid","can't be blank"]}`. A present value gets only the address check.
 */
function requiredIpAddress() {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (isAbsent(value) || (typeof value === "string" && value.trim() === "")) {
        ctx.addIssue({ code: "custom", message: ADDRESS_INVALID, input: value });
        ctx.addIssue({ code: "custom", message: BLANK, input: value });
      }
    })
    .pipe(ipAddress())
    .meta({
      type: "string",
      anyOf: [{ format: "ipv4" }, { format: "ipv6" }],
      description: "IP address of the customer's device (IPv4 or IPv6)",
    });
}

function requiredEmail() {
  return z
    .email({ error: requiredFieldErrors(NOT_A_STRING, INVALID) })
    .max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH))
    .describe("Customer e-mail address");
}

/**
 * `POST /customers`, a flat body. The name and address fields are the tokenization request's billing address
 * fields, with their limits (first and last name 30, city 60, address 255, phone 100, zip and state 255) and its
 * country, state and US zip rules: a customer's address is what later goes out as a billing address.
 */
export const customerCreateSchema = withAddressRules(
  z
    .object({
      first_name: billingAddressSchema.shape.first_name,
      last_name: billingAddressSchema.shape.last_name,
      address: billingAddressSchema.shape.address,
      city: billingAddressSchema.shape.city,
      country: billingAddressSchema.shape.country,
      zip: billingAddressSchema.shape.zip,
      state: billingAddressSchema.shape.state,
      phone: billingAddressSchema.shape.phone,
      email: requiredEmail(),
      ip: requiredIpAddress(),
      external_id: optionalString(EXTERNAL_ID_MAX_LENGTH).describe(
        "The merchant's own id for the customer; unique within the shop",
      ),
    })
    .meta({ description: "Body of POST /customers (flat, no wrapper)" }),
);

export type CustomerCreateRequest = z.output<typeof customerCreateSchema>;
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;

/**
 * An empty or whitespace-only string in an optional field means "not given": that is what an HTML form submits
 * for an untouched input, and an empty `external_id` would otherwise claim the shop's one "" id. Required fields
 * (`email`, `ip`) still report it as blank.
 */
export function dropBlankStrings(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) =>
        key === "email" || key === "ip" || !(typeof value === "string" && value.trim() === ""),
    ),
  );
}

/** Validates a parsed JSON body of `POST /customers`, reporting every field error at once. */
export function parseCustomerCreateRequest(body: unknown): ParseResult<CustomerCreateRequest> {
  // A body that is not an object carries no fields: report what is missing rather than the body's type.
  const input = dropBlankStrings(isPlainObject(body) ? body : {});
  const result = customerCreateSchema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: errorTreeFromZod(result.error) as ErrorTree };
}

const text = (description: string) => z.string().nullable().describe(description);

/** A customer record as every customer endpoint returns it: every key present, `null` when not given. */
export const customerSchema = z
  .object({
    id: z.string().regex(CUSTOMER_ID_PATTERN).describe("`cst_` followed by 16 hex characters"),
    first_name: text("First name"),
    last_name: text("Last name"),
    address: text("Street address"),
    city: text("City"),
    country: text("ISO 3166-1 alpha-2"),
    zip: text("Postal code"),
    state: text("State or province code (US and CA only)"),
    phone: text("Phone"),
    email: z.string().describe("E-mail address"),
    ip: z.string().describe("IP address of the customer's device"),
    external_id: text("The merchant's own id, unique within the shop"),
    created_at: z.iso.datetime({ offset: true }).describe("ISO 8601 with milliseconds, UTC"),
    updated_at: z.iso.datetime({ offset: true }).describe("ISO 8601 with milliseconds, UTC"),
  })
  .meta({ description: "A customer record" });

export const customerListSchema = z.array(customerSchema).meta({ description: "Customers, newest first" });

export type Customer = z.output<typeof customerSchema>;

export const EXTERNAL_ID_TAKEN = "has already been taken";
