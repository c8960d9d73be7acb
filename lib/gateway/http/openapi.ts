import { z } from "zod";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { tokenizationRequestSchema } from "@/lib/contracts/tokenization";
import {
  errorBodySchema,
  messageBodySchema,
  transactionListResponseSchema,
  transactionResponseSchema,
} from "@/lib/contracts/transaction";
import {
  CHECKOUT_TOKEN_TOKENIZATION,
  CHECKOUT_TOKEN_TRANSACTION,
  checkoutOpenApi,
  checkoutTokenAuth,
  transactionOrShopperView,
} from "./openapi-checkouts";
import { childTransactionOpenApi } from "./openapi-children";
import { disputeOpenApi } from "./openapi-disputes";
import { shopperEmailOpenApi } from "./openapi-emails";
import { merchantOpenApi } from "./openapi-merchant";
import { notificationOpenApi } from "./openapi-notifications";
import { paymentOpenApi } from "./openapi-payments";
import { productOpenApi } from "./openapi-products";
import { subscriptionOpenApi } from "./openapi-subscriptions";

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
}

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });

const errorResponses = {
  "401": { description: "Missing or wrong shop credentials", content: json("Error") },
  "422": { description: "Validation failed; `errors` is nested like the request", content: json("Error") },
  "429": { description: "Too many failed authentications from this client", content: json("Error") },
};

const html = { "text/html": { schema: { type: "string" } } };

/** A probe's answer: `{"status"}`, and the reason when it is not ready. */
function statusBody(statuses: string[], reasons?: string[]) {
  const properties: Record<string, object> = { status: { type: "string", enum: statuses } };
  if (reasons) properties.reason = { type: "string", enum: reasons };
  return {
    "application/json": {
      schema: { type: "object", required: Object.keys(properties), properties, additionalProperties: false },
    },
  };
}

/** GET /health's answer: the process's status and the database's. */
function healthBody(status: string, database: string) {
  return {
    "application/json": {
      schema: {
        type: "object",
        required: ["status", "database"],
        properties: { status: { const: status }, database: { const: database } },
        additionalProperties: false,
      },
    },
  };
}
const uidParameter = { name: "uid", in: "path", required: true, schema: { type: "string" } };

function trackingIdQuery(summary: string, description: string) {
  return {
    get: {
      summary,
      description,
      parameters: [{ name: "tracking_id", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description: "Matching transactions, newest first",
          content: json("TransactionListResponse"),
        },
        ...errorResponses,
      },
    },
  };
}

/** A sandbox issuer's page: the shopper's browser, no credentials (the transaction's random uid is the capability). */
function issuerPage(page: {
  summary: string;
  postSummary: string;
  postDescription: string;
  fields: Record<string, { type: "string"; description: string }>;
  redirect: string;
}) {
  return {
    get: {
      summary: page.summary,
      security: [],
      parameters: [uidParameter],
      responses: {
        "200": { description: "The page", content: html },
        "404": { description: "Unknown uid", content: html },
      },
    },
    post: {
      summary: page.postSummary,
      description: page.postDescription,
      security: [],
      parameters: [uidParameter],
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": { schema: { type: "object", properties: page.fields } },
        },
      },
      responses: {
        "200": {
          description: "The next page (a result page once the verification is finished)",
          content: html,
        },
        "303": { description: page.redirect },
        "404": { description: "Unknown uid", content: html },
        "413": { description: "Form body larger than 8 KiB" },
        "422": {
          description: "Wrong one-time code: the challenge again, with the attempts left",
          content: html,
        },
      },
    },
  };
}

type Responses = Record<string, object>;
interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, unknown> };
  responses: Responses;
}

/**
 * The answers every operation of a kind may give, whether or not its own entry names them, added where it does not:
 * a JSON body that is not JSON or ends early (400), is too large (413) or is sent as another type (415); with shop
 * credentials, wrong ones (401) and too many failed attempts (429); with pagination, a bad page (422). They come
 * from the app's shared middleware, not from the operation, so they are stated once, here.
 */
function withSharedAnswers<Paths extends Record<string, Record<string, object>>>(paths: Paths): Paths {
  const error = (description: string) => ({ description, content: json("Error") });
  const shared: [(operation: Operation) => boolean, Responses][] = [
    [
      (operation) => operation.requestBody?.content?.["application/json"] !== undefined,
      {
        "400": error("Body is not JSON, or ended before its Content-Length"),
        "413": error("Body larger than the endpoint takes (64 KiB for JSON)"),
        "415": error("Content-Type is not application/json"),
      },
    ],
    [
      (operation) => operation.security === undefined || operation.security.length > 0,
      {
        "401": error("Missing or wrong credentials"),
        "429": error("Too many failed authentications from this client"),
      },
    ],
    [
      (operation) => (operation.parameters ?? []).some((parameter) => parameter.name === "per_page"),
      { "422": error("A page or per_page that is not a whole number in range") },
    ],
  ];
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations) as Operation[]) {
      for (const [applies, responses] of shared) {
        if (applies(operation)) operation.responses = { ...responses, ...operation.responses };
      }
    }
  }
  return paths;
}

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(serverUrl: string) {
  const checkouts = checkoutOpenApi();
  const notifications = notificationOpenApi();
  const merchant = merchantOpenApi();
  const children = childTransactionOpenApi();
  const payments = paymentOpenApi();
  const shopperEmails = shopperEmailOpenApi();
  const disputeDocument = disputeOpenApi();
  const products = productOpenApi();
  const subscriptions = subscriptionOpenApi();
  return {
    openapi: "3.1.0",
    info: {
      title: "Tessera gateway",
      version: "1.0.0",
      description:
        "Card tokenization, payments, authorizations and payouts with 3-D Secure, and customer records. Authenticate with HTTP Basic: shop id as user name, secret key as password.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { shopBasic: { type: "http", scheme: "basic" }, ...checkouts.securitySchemes },
      schemas: {
        ...checkouts.schemas,
        ...notifications.schemas,
        ...merchant.schemas,
        ...children.schemas,
        ...payments.schemas,
        ...shopperEmails.schemas,
        ...disputeDocument.schemas,
        ...products.schemas,
        ...subscriptions.schemas,
        TokenizationRequest: jsonSchema(tokenizationRequestSchema, "input"),
        TransactionResponse: jsonSchema(transactionResponseSchema, "output"),
        TransactionListResponse: jsonSchema(transactionListResponseSchema, "output"),
        ShopSettings: jsonSchema(shopSettingsSchema, "output"),
        Error: jsonSchema(errorBodySchema, "output"),
        Message: jsonSchema(messageBodySchema, "output"),
      },
    },
    security: [{ shopBasic: [] }],
    paths: withSharedAnswers({
      ...checkouts.paths,
      ...notifications.paths,
      ...merchant.paths,
      ...children.paths,
      ...payments.paths,
      ...shopperEmails.paths,
      ...disputeDocument.paths,
      ...products.paths,
      ...subscriptions.paths,
      "/transactions/tokenizations": {
        post: {
          summary: "Tokenize a card",
          description: CHECKOUT_TOKEN_TOKENIZATION,
          security: checkoutTokenAuth,
          requestBody: { required: true, content: json("TokenizationRequest") },
          responses: {
            "200": {
              description: "The transaction (successful, failed or incomplete)",
              content: transactionOrShopperView(),
            },
            "400": {
              description: "Body is not JSON, or ended before its Content-Length",
              content: json("Error"),
            },
            "409": {
              description:
                "The request's `RequestID` is still being processed, or its request failed after the card was " +
                "verified and waits for the recovery sweep (`Retry-After`): a repeat then gets the transaction's " +
                "answer; with a checkout token, another payment attempt of the session is in progress",
              content: json("Error"),
            },
            "413": { description: "Body larger than 64 KiB", content: json("Error") },
            "415": { description: "Content-Type is not application/json", content: json("Error") },
            ...errorResponses,
            "422": {
              description:
                "Validation failed (`errors` nested like the request); `Duplicate transaction` (same card and " +
                "amount within 30 s); `Token does not exist.` under `credit_card.token` (unknown or another " +
                "shop's token); `Date is expired`; under `additional_data.contract`, a contract giving a stored " +
                "card's token a right its card lacks without the shopper (security code, and 3-D Secure where the " +
                "shop has it)",
              content: json("Error"),
            },
          },
        },
      },
      "/transactions/{uid}": {
        get: {
          summary: "Get a transaction",
          description: CHECKOUT_TOKEN_TRANSACTION,
          security: checkoutTokenAuth,
          parameters: [{ name: "uid", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The transaction", content: transactionOrShopperView() },
            "404": { description: "Unknown uid or another shop's transaction", content: json("Message") },
            ...errorResponses,
          },
        },
      },
      "/v2/transactions/tracking_id/{tracking_id}": trackingIdQuery(
        "Find transactions by tracking id",
        "At most the 10 newest transactions any of whose `;`-separated tracking ids equals the value. Also served without `/v2`.",
      ),
      "/transactions/tracking_id/{tracking_id}": trackingIdQuery(
        "Find transactions by tracking id (without `/v2`)",
        "The same query as `/v2/transactions/tracking_id/{tracking_id}`.",
      ),
      "/process/{uid}": issuerPage({
        summary: "The sandbox issuer's 3-D Secure page for the shopper (`redirect_url`; HTML)",
        postSummary: "Answer the 3-D Secure challenge",
        postDescription:
          "The page's own form. Three wrong codes or Cancel fail the transaction; a finished verification leads to " +
          "`return_url`.",
        fields: {
          code: { type: "string", description: "The one-time code (shown on the page in test mode)" },
          action: { type: "string", description: "`cancel` to give up instead of answering" },
        },
        redirect: "Finished: to `return_url` with `uid` and `status` added",
      }),
      "/process/{uid}/method": issuerPage({
        summary: "The 3-D Secure 2 device-data step (`three_d_secure.advanced`; HTML)",
        postSummary: "Send the browser's device data",
        postDescription: "The step's own form, sent by the page by itself.",
        fields: Object.fromEntries(
          [
            "browser_language",
            "browser_color_depth",
            "browser_screen_height",
            "browser_screen_width",
            "browser_tz",
          ].map((name) => [name, { type: "string" as const, description: "EMV 3-D Secure browser field" }]),
        ),
        redirect: "To the challenge page, or when finished to `return_url` with `uid` and `status` added",
      }),
      "/health": {
        get: {
          summary: "Liveness and database check",
          security: [],
          responses: {
            "200": { description: "Healthy", content: healthBody("ok", "ok") },
            "503": { description: "Database unavailable", content: healthBody("error", "unavailable") },
          },
        },
      },
      "/health/live": {
        get: {
          summary: "Liveness: the process answers",
          security: [],
          responses: { "200": { description: "Alive", content: statusBody(["ok"]) } },
        },
      },
      "/health/ready": {
        get: {
          summary: "Readiness: the database answers, migrations are applied, not shutting down",
          security: [],
          responses: {
            "200": { description: "Ready", content: statusBody(["ok"]) },
            "503": {
              description: "Not ready; `reason` is database_unavailable, migrations_pending or shutting_down",
              content: statusBody(
                ["unavailable"],
                ["database_unavailable", "migrations_pending", "shutting_down"],
              ),
            },
          },
        },
      },
      "/metrics": {
        get: {
          summary: "Prometheus metrics (text format), with `Authorization: Bearer $METRICS_TOKEN`",
          description: "Not served (404) unless `METRICS_TOKEN` is set. Also at the origin's root.",
          security: [],
          responses: {
            "200": { description: "Prometheus text exposition" },
            "401": { description: "Missing or wrong metrics token", content: json("Message") },
            "404": { description: "No metrics token configured", content: json("Message") },
          },
        },
      },
      "/openapi.json": {
        get: {
          summary: "This document",
          security: [],
          responses: {
            "200": {
              description: "OpenAPI 3.1 document",
              content: { "application/json": { schema: { type: "object" } } },
            },
          },
        },
      },
    }),
  };
}
