import { z } from "zod";
import { customerCreateSchema, customerListSchema, customerSchema } from "@/lib/contracts/customer";
import {
  ADMIN_SESSION_HEADER,
  adminSessionResponseSchema,
  dailyReportSchema,
  secretKeyResponseSchema,
  shopResponseSchema,
  shopSettingsUpdateSchema,
} from "@/lib/contracts/merchant";
import { TRANSACTION_TYPES } from "@/lib/contracts/money-result";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "@/lib/contracts/pagination";
import { TRANSACTION_STATUSES } from "@/lib/contracts/transaction";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const error = (description: string) => ({ description, content: json("Error") });
/** `{"message"}` alone: a 404 names no field. */
const notFoundError = (description: string) => ({ description, content: json("Message") });
const unauthorized = error("Missing or wrong shop credentials");
const badBody = {
  "400": error("Body is not JSON, or ended before its Content-Length"),
  "413": error("Body larger than 64 KiB"),
  "415": error("Content-Type is not application/json"),
};

const paginationParameters = [
  { name: "page", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 } },
  {
    name: "per_page",
    in: "query",
    schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
  },
];
const paginationHeaders = {
  "X-Total-Count": { description: "How many records match, on every page", schema: { type: "integer" } },
  Link: {
    description: "RFC 8288 links to the first, prev, next and last pages (filters kept)",
    schema: { type: "string" },
  },
};
const dateOrInstant = {
  anyOf: [
    { type: "string", format: "date" },
    { type: "string", format: "date-time" },
  ],
};

/**
 * Customer records and the merchant API the admin area uses (transactions list, shop, daily report), merged into
 * the document by `buildOpenApiDocument`.
 */
export function merchantOpenApi() {
  return {
    schemas: {
      CustomerCreateRequest: z.toJSONSchema(customerCreateSchema, { io: "input", unrepresentable: "any" }),
      Customer: z.toJSONSchema(customerSchema, { io: "output" }),
      CustomerList: z.toJSONSchema(customerListSchema, { io: "output" }),
      ShopResponse: z.toJSONSchema(shopResponseSchema, { io: "output", unrepresentable: "any" }),
      ShopSettingsUpdate: z.toJSONSchema(shopSettingsUpdateSchema, { io: "input", unrepresentable: "any" }),
      SecretKeyResponse: z.toJSONSchema(secretKeyResponseSchema, { io: "output" }),
      AdminSessionResponse: z.toJSONSchema(adminSessionResponseSchema, { io: "output" }),
      DailyReport: z.toJSONSchema(dailyReportSchema, { io: "output" }),
    },
    paths: {
      "/customers": {
        post: {
          summary: "Create a customer",
          description:
            "Flat body, no wrapper. Wrong credentials answer 422 `Invalid shop_id/secret_key.` here (not 401), " +
            "as the customer service has always done. An empty string in an optional field means not given.",
          requestBody: { required: true, content: json("CustomerCreateRequest") },
          responses: {
            "201": { description: "The customer", content: json("Customer") },
            ...badBody,
            "422": error(
              "Validation failed, `external_id` already taken, or wrong credentials (`errors.base`)",
            ),
          },
        },
        get: {
          summary: "List customers, newest first",
          parameters: [
            ...paginationParameters,
            {
              name: "email",
              in: "query",
              description: "Only customers with exactly this e-mail address, compared case-insensitively",
              schema: { type: "string" },
            },
            {
              name: "external_id",
              in: "query",
              description: "Only the customer with this external id",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description: "A JSON array of customers",
              headers: paginationHeaders,
              content: json("CustomerList"),
            },
            "401": unauthorized,
            "422": error("Bad page or per_page"),
          },
        },
      },
      "/customers/{id}": {
        get: {
          summary: "Get a customer",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              schema: { type: "string", pattern: "^cst_[0-9a-f]{16}$" },
            },
          ],
          responses: {
            "200": { description: "The customer", content: json("Customer") },
            "401": unauthorized,
            "404": notFoundError("Unknown id or another shop's customer"),
          },
        },
      },
      "/transactions": {
        get: {
          summary: "List transactions, newest first",
          parameters: [
            ...paginationParameters,
            {
              name: "tracking_id",
              in: "query",
              description:
                "One or several `;`-separated tracking ids; a transaction matches when any of its own ids is one of them",
              schema: { type: "string" },
            },
            { name: "status", in: "query", schema: { type: "string", enum: [...TRANSACTION_STATUSES] } },
            { name: "type", in: "query", schema: { type: "string", enum: [...TRANSACTION_TYPES] } },
            {
              name: "parent_uid",
              in: "query",
              description:
                "Only the captures, voids and refunds of this transaction (the admin's chain view)",
              schema: { type: "string", format: "uuid" },
            },
            {
              name: "subscription_id",
              in: "query",
              description:
                "Only this subscription's charges: its first payment and every renewal attempt (an unknown or " +
                "another shop's subscription: an empty list)",
              schema: { type: "string", pattern: "^sbs_[0-9a-f]{16}$" },
            },
            {
              name: "created_from",
              in: "query",
              description:
                "Created at or after: a date (from its first moment, UTC) or an instant with a zone",
              schema: dateOrInstant,
            },
            {
              name: "created_to",
              in: "query",
              description: "Created at or before: a date (to its last moment, UTC) or an instant with a zone",
              schema: dateOrInstant,
            },
          ],
          responses: {
            "200": {
              description: "`{transactions: [...]}`, full transaction objects",
              headers: paginationHeaders,
              content: json("TransactionListResponse"),
            },
            "401": unauthorized,
            "422": error("Bad filter, page or per_page"),
          },
        },
      },
      "/shop": {
        get: {
          summary: "The authenticated shop: settings, webhook public key and secret",
          responses: {
            "200": { description: "The shop", content: json("ShopResponse") },
            "401": unauthorized,
          },
        },
        patch: {
          summary: "Change the shop's settings",
          requestBody: { required: true, content: json("ShopSettingsUpdate") },
          responses: {
            "200": { description: "The shop with its new settings", content: json("ShopResponse") },
            ...badBody,
            "401": unauthorized,
            "422": error("A bad value, or a setting only the operator may change; errors under `settings`"),
          },
        },
      },
      "/shop/secret_key": {
        post: {
          summary: "Rotate the secret key",
          description:
            "No body. The old key stops working (on every instance within 5 s); the new one is shown only here.",
          responses: {
            "200": { description: "The new secret key", content: json("SecretKeyResponse") },
            "401": unauthorized,
          },
        },
      },
      "/shop/sessions": {
        post: {
          summary: "Start an admin session (the admin area's sign-in)",
          description:
            `No body. Send the returned id in the ${ADMIN_SESSION_HEADER} header with the shop's credentials on ` +
            "every later call: once the session ends (sign-out, secret key rotation, 8 hours) those calls get 401.",
          responses: {
            "201": { description: "The session", content: json("AdminSessionResponse") },
            "401": unauthorized,
          },
        },
      },
      "/shop/sessions/current": {
        delete: {
          summary: `End the admin session named by the ${ADMIN_SESSION_HEADER} header (sign-out)`,
          parameters: [
            { name: ADMIN_SESSION_HEADER, in: "header", required: true, schema: { type: "string" } },
          ],
          responses: {
            "204": { description: "Ended: the session's id is refused from now on" },
            "401": unauthorized,
            "422": error(`No ${ADMIN_SESSION_HEADER} header`),
          },
        },
      },
      "/reports/daily": {
        get: {
          summary: "Tokenizations, payments and money moved per UTC day, live or test",
          parameters: [
            {
              name: "from",
              in: "query",
              description: "First day; default: 29 days before `to`",
              schema: { type: "string", format: "date" },
            },
            {
              name: "to",
              in: "query",
              description: "Last day, inclusive; default: today (UTC). At most 366 days in all.",
              schema: { type: "string", format: "date" },
            },
            {
              name: "test",
              in: "query",
              description:
                "true: a live shop's test transactions instead of its live ones. A test-mode shop's reports are " +
                "always its test transactions.",
              schema: { type: "boolean", default: false },
            },
          ],
          responses: {
            "200": { description: "Every day of the range, oldest first", content: json("DailyReport") },
            "401": unauthorized,
            "422": error(
              "Bad date, a range that is empty or longer than 366 days, or `test` not true or false",
            ),
          },
        },
      },
      "/reports/subscriptions": {
        get: {
          summary:
            "Subscriptions now: monthly recurring revenue per currency, counts by state, recovered ones",
          description:
            "`mrr`: per currency, the active subscriptions' plan amounts normalised to a month (minor units; a week " +
            "is 52/12 of a month a year, a day 365/12, an hour 730), with how many. `states`: subscriptions per state. " +
            "`recovered`: billing cycles paid on a retry after a failed attempt (failing subscriptions won back), " +
            "the subscriptions they belong to, and the amounts per currency.",
          parameters: [
            {
              name: "test",
              in: "query",
              description: "true: a live shop's test subscriptions instead of its live ones",
              schema: { type: "boolean", default: false },
            },
          ],
          responses: {
            "200": {
              description: "The report",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["mrr", "states", "recovered"],
                    properties: {
                      mrr: {
                        type: "array",
                        items: {
                          type: "object",
                          properties: {
                            currency: { type: "string" },
                            amount: { type: "string", description: "Minor units, a decimal string" },
                            subscriptions: { type: "integer" },
                          },
                        },
                      },
                      states: { type: "object", additionalProperties: { type: "integer" } },
                      recovered: {
                        type: "object",
                        properties: {
                          cycles: { type: "integer" },
                          subscriptions: { type: "integer" },
                          amounts: {
                            type: "array",
                            items: {
                              type: "object",
                              properties: { currency: { type: "string" }, amount: { type: "string" } },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            "401": unauthorized,
            "422": error("`test` not true or false"),
          },
        },
      },
    },
  };
}
