import { z } from "zod";
import {
  checkoutListResponseSchema,
  checkoutRequestSchema,
  checkoutViewResponseSchema,
} from "@/lib/contracts/checkout";
import {
  shopperCheckoutResponseSchema,
  shopperTransactionResponseSchema,
} from "@/lib/contracts/shopper-view";

const json = (schema: object) => ({ "application/json": { schema } });
const error = { $ref: "#/components/schemas/Error" };
/** A session's own routes refuse wrong credentials and another shop's (or no) session alike. */
const sessionRefusals = {
  "401": { description: "Missing or wrong shop credentials or session token", content: json(error) },
  "404": {
    description: "Unknown token or another shop's session",
    content: json({ $ref: "#/components/schemas/Message" }),
  },
};
const tokenParameter = {
  name: "token",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
};
/** Endpoints the hosted page calls with its checkout token, as well as the merchant with shop credentials. */
export const checkoutTokenAuth = [{ shopBasic: [] }, { checkoutBearer: [] }];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A transaction endpoint's answer: the whole transaction with shop credentials, the shopper's view of it with a
 * checkout token.
 */
export function transactionOrShopperView() {
  return json({ oneOf: [ref("TransactionResponse"), ref("ShopperTransactionResponse")] });
}

/** What a checkout token may do on the transaction endpoints (the descriptions of `buildOpenApiDocument`). */
export const CHECKOUT_TOKEN_TOKENIZATION =
  "With a checkout token as bearer: one payment attempt of that session. The order, the notification and " +
  "verification URLs and the test flag are the session's; the page supplies the card, the customer fields it shows " +
  "and may change (hidden and read-only ones keep the session's values), the language and `return_url`, which must " +
  "be the page's own return route (`{PUBLIC_URL}/checkout/{token}/return`) or one of the session's URLs (`422` " +
  "otherwise). `customer.device_id` is the session's and `customer.ip` the client address the gateway resolved. " +
  "`save_card` (boolean) is the shopper's choice where the session offers it (`save_card_toggle.display` on a " +
  "payment or authorization paid with a card typed in): only `true` keeps the card and returns its token to the " +
  "merchant; it is ignored anywhere else. The answer is the shopper's view of the transaction.";
export const CHECKOUT_TOKEN_TRANSACTION =
  "With a checkout token as bearer: a transaction of that session only, as the shopper's view.";

const createdCheckoutSchema = z.object({
  checkout: z.object({
    token: z.string().regex(/^[0-9a-f]{64}$/),
    redirect_url: z
      .url()
      .describe(
        "The hosted payment page to send the shopper to, `{PUBLIC_URL}/widget/hpp.html?token={token}` (beGateway's widget address; add `&iframe=inline` when framing it)",
      ),
  }),
});

/** Checkout-session endpoints of the OpenAPI document (merged into it by `buildOpenApiDocument`). */
export function checkoutOpenApi() {
  return {
    securitySchemes: {
      checkoutBearer: {
        type: "http",
        scheme: "bearer",
        description: "A checkout session token: the hosted page acting for that session only",
      },
    },
    schemas: {
      CheckoutRequest: z.toJSONSchema(checkoutRequestSchema, { io: "input", unrepresentable: "any" }),
      CreatedCheckout: z.toJSONSchema(createdCheckoutSchema, { io: "output" }),
      // The request's order, settings and customer are echoed as the gateway kept them; their input side is the
      // one JSON Schema can state (the output side of a default or a null-to-absent step is a function).
      CheckoutViewResponse: z.toJSONSchema(checkoutViewResponseSchema, {
        io: "input",
        unrepresentable: "any",
      }),
      CheckoutListResponse: z.toJSONSchema(checkoutListResponseSchema, {
        io: "input",
        unrepresentable: "any",
      }),
      ShopperCheckoutResponse: z.toJSONSchema(shopperCheckoutResponseSchema, { io: "output" }),
      ShopperTransactionResponse: z.toJSONSchema(shopperTransactionResponseSchema, { io: "output" }),
    },
    paths: {
      "/ctp/api/checkouts": {
        post: {
          summary: "Create a checkout session (hosted payment page)",
          requestBody: { required: true, content: json({ $ref: "#/components/schemas/CheckoutRequest" }) },
          responses: {
            "201": {
              description: "The session's token and the URL of its payment page",
              content: json({ $ref: "#/components/schemas/CreatedCheckout" }),
            },
            "401": { description: "Missing or wrong shop credentials", content: json(error) },
            "422": {
              description:
                "Validation failed (`errors` nested like the request); `Token does not exist.` under " +
                "`payment_method.credit_card.token` (unknown or another shop's stored card); a stored card whose " +
                "contract does not allow the session's charge",
              content: json(error),
            },
          },
        },
        get: {
          summary: "List checkout sessions, newest first",
          parameters: [
            { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
            {
              name: "per_page",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: 500, default: 50 },
            },
          ],
          responses: {
            "200": {
              description: "`{checkouts: [...]}` with `X-Total-Count` and `Link` headers",
              headers: {
                "X-Total-Count": { schema: { type: "integer" } },
                Link: { schema: { type: "string" } },
              },
              content: json(ref("CheckoutListResponse")),
            },
            "422": { description: "Bad page or per_page", content: json(error) },
          },
        },
      },
      "/ctp/api/checkouts/{token}": {
        get: {
          summary: "Get a checkout session",
          description:
            "With shop credentials: the whole session with `gateway_response`. With the session token as bearer: " +
            "the shopper's view the hosted page draws from: the customer reduced to the fields the page shows, no " +
            "ip or device id, no notification or verification URL, no stored-card token.",
          security: checkoutTokenAuth,
          parameters: [tokenParameter],
          responses: {
            "200": {
              description:
                "`{checkout: {...}}`: the whole session, or the shopper's view with the session token",
              content: json({ anyOf: [ref("CheckoutViewResponse"), ref("ShopperCheckoutResponse")] }),
            },
            ...sessionRefusals,
          },
        },
      },
      "/ctp/api/checkouts/{token}/cancel": {
        post: {
          summary: "Cancel a checkout session (the shopper gives up)",
          security: checkoutTokenAuth,
          parameters: [tokenParameter],
          responses: {
            "200": {
              description: "`{checkout: {...}}`, status failed (the shopper's view with the session token)",
              content: json({ anyOf: [ref("CheckoutViewResponse"), ref("ShopperCheckoutResponse")] }),
            },
            ...sessionRefusals,
            "409": { description: "A payment attempt is in progress", content: json(error) },
            "422": { description: "The session is finished or expired", content: json(error) },
          },
        },
      },
    },
  };
}
