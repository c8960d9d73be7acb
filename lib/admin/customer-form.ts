import { z } from "zod";
import { customerCreateSchema, dropBlankStrings } from "@/lib/contracts/customer";

/**
 * The create-customer form: its inputs hold strings ("" when untouched), read through the API's own schema, so
 * the browser, the server action and the gateway apply one set of rules.
 */
export const CUSTOMER_FORM_FIELDS = [
  "email",
  "ip",
  "first_name",
  "last_name",
  "phone",
  "address",
  "city",
  "country",
  "state",
  "zip",
  "external_id",
] as const;
export type CustomerFormField = (typeof CUSTOMER_FORM_FIELDS)[number];
export type CustomerFormValues = Record<CustomerFormField, string>;

const formInputSchema = z.object(
  Object.fromEntries(CUSTOMER_FORM_FIELDS.map((field) => [field, z.string()])) as Record<
    CustomerFormField,
    z.ZodString
  >,
);

export const customerFormSchema = formInputSchema
  .transform((values) => dropBlankStrings(values))
  .pipe(customerCreateSchema);

export type CustomerFormOutput = z.output<typeof customerFormSchema>;

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = Object.fromEntries(
  CUSTOMER_FORM_FIELDS.map((field) => [field, ""]),
) as CustomerFormValues;

export function isCustomerFormField(name: string): name is CustomerFormField {
  return (CUSTOMER_FORM_FIELDS as readonly string[]).includes(name);
}
