import { z } from "zod";
import {
  shopperEmailListSchema,
  shopperEmailMessageSchema,
  shopperEmailSchema,
} from "@/lib/contracts/shopper-emails";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const idParameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^eml_[0-9a-f]{16}$" },
};
const notFound = { description: "Unknown id or another shop's e-mail", content: json("Message") };
const unauthorized = { description: "Missing or wrong shop credentials", content: json("Error") };
const paginationHeaders = {
  "X-Total-Count": { description: "How many e-mails match, on every page", schema: { type: "integer" } },
  Link: {
    description: "RFC 8288 links to the first, prev, next and last pages (filters kept)",
    schema: { type: "string" },
  },
};

/** Shopper e-mail endpoints of the OpenAPI document (merged into it by `buildOpenApiDocument`). */
export function shopperEmailOpenApi() {
  return {
    schemas: {
      ShopperEmail: z.toJSONSchema(shopperEmailSchema, { io: "output" }),
      ShopperEmailList: z.toJSONSchema(shopperEmailListSchema, { io: "output" }),
      ShopperEmailMessage: z.toJSONSchema(shopperEmailMessageSchema, { io: "output" }),
    },
    paths: {
      "/emails": {
        get: {
          summary: "List the e-mails sent to the shop's shoppers, newest first",
          description:
            "With the shop setting `customer_emails` on, a successful payment or capture (a receipt), refund or " +
            "payout e-mails `customer.email` in the transaction's language, and subscriptions send theirs. Without " +
            "`SMTP_URL` the messages are kept here (status `kept`) instead of sent. Paginated (`X-Total-Count`, `Link`).",
          parameters: [
            { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
            {
              name: "per_page",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: 500, default: 50 },
            },
            {
              name: "transaction_uid",
              in: "query",
              description: "Only the e-mails about this transaction",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description: "A JSON array of e-mails",
              headers: paginationHeaders,
              content: json("ShopperEmailList"),
            },
            "401": unauthorized,
            "422": { description: "Bad page or per_page", content: json("Error") },
          },
        },
      },
      "/emails/{id}": {
        get: {
          summary: "Get an e-mail with its message (HTML and plain text)",
          parameters: [idParameter],
          responses: {
            "200": { description: "The e-mail", content: json("ShopperEmailMessage") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/emails/{id}/resend": {
        post: {
          summary: "Send an e-mail again",
          description:
            "Makes the message due again at once, its attempts counted afresh. An e-mail still waiting to be sent is " +
            "answered as it is.",
          parameters: [idParameter],
          responses: {
            "200": {
              description: "The e-mail",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { email: { $ref: "#/components/schemas/ShopperEmail" } },
                    required: ["email"],
                  },
                },
              },
            },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
    },
  };
}
