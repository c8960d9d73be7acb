import { z } from "zod";
import { checkoutRequestSchema } from "@/lib/contracts/checkout";

const json = (schema: object) => ({ "application/json": { schema } });
const error = { $ref: "#/components/schemas/Error" };
const tokenParameter = {
  name: "token",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
};
const checkoutTokenAuth = [{ shopBasic: [] }, { checkoutBearer: [] }];

const createdCheckoutSchema = z.object({
  checkout: z.object({
    token: z.string().regex(/^[0-9a-f]{64}$/),
    redirect_url: z.url().describe("The hosted payment page to send the shopper to"),
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
            "422": { description: "Validation failed", content: json(error) },
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
            "the shopper-safe view the hosted page draws from (no notification or verification URLs).",
          security: checkoutTokenAuth,
          parameters: [tokenParameter],
          responses: {
            "200": { description: "`{checkout: {...}}`" },
            "404": { description: "Unknown token or another shop's session", content: json(error) },
          },
        },
      },
      "/ctp/api/checkouts/{token}/cancel": {
        post: {
          summary: "Cancel a checkout session (the shopper gives up)",
          security: checkoutTokenAuth,
          parameters: [tokenParameter],
          responses: {
            "200": { description: "`{checkout: {...}}`, status failed" },
            "409": { description: "A payment attempt is in progress", content: json(error) },
            "422": { description: "The session is finished or expired", content: json(error) },
          },
        },
      },
    },
  };
}
