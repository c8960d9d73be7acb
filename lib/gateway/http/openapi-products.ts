import { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "@/lib/contracts/pagination";
import {
  productCreateSchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
} from "@/lib/contracts/product";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const error = (description: string) => ({ description, content: json("Error") });
/** `{"message"}` alone: a 404 names no field. */
const notFoundError = (description: string) => ({ description, content: json("Message") });
const html = (description: string) => ({
  description,
  content: { "text/html": { schema: { type: "string" } } },
});
const unauthorized = error("Missing or wrong shop credentials");
const badBody = {
  "400": error("Body is not JSON, or ended before its Content-Length"),
  "413": error("Body larger than 64 KiB"),
  "415": error("Content-Type is not application/json"),
};
const productId = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^prd_[0-9a-f]{16}$" },
};
const linkParameters = [
  {
    name: "lang",
    in: "query",
    description: "Language of the page; otherwise the product's language, then the browser's Accept-Language",
    schema: { type: "string" },
  },
];
const linkResponses = {
  "303": {
    description: "A new checkout session of the product was opened: `Location` is its hosted payment page",
    headers: { Location: { schema: { type: "string", format: "uri" } } },
  },
  "404": html("No such product (or, for confirm_url, not that shop's): a page that says so"),
  "409": html("Sold out: a page that says so, in the shopper's language"),
  "410": html("Deactivated or expired: a page that says so, in the shopper's language"),
};

/** bePaid's products API and the payment links, merged into the document by `buildOpenApiDocument`. */
export function productOpenApi() {
  return {
    schemas: {
      ProductCreateRequest: z.toJSONSchema(productCreateSchema, { io: "input", unrepresentable: "any" }),
      ProductUpdateRequest: z.toJSONSchema(productUpdateSchema, { io: "input", unrepresentable: "any" }),
      Product: z.toJSONSchema(productSchema, { io: "output" }),
      ProductList: z.toJSONSchema(productListSchema, { io: "output" }),
    },
    paths: {
      "/products": {
        post: {
          summary: "Create a product and its payment link",
          description:
            "Flat body, as bePaid's products API. `quantity` is stock: each successful payment through the link " +
            "takes one unit, held before the acquirer is asked; with none left a payment attempt is refused " +
            "`Sold out` and the link shows a sold-out page.",
          requestBody: { required: true, content: json("ProductCreateRequest") },
          responses: {
            "201": {
              description: "The product, with pay_url, payment_url and confirm_url",
              content: json("Product"),
            },
            ...badBody,
            "401": unauthorized,
            "422": error(
              "Validation failed; `errors` is keyed like the body (a price over its currency's ceiling on any one " +
                "amount: `can't be greater than N` under `amount`)",
            ),
          },
        },
        get: {
          summary: "List products, newest first",
          parameters: [
            {
              name: "page",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 },
            },
            {
              name: "per_page",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
            },
          ],
          responses: {
            "200": {
              description: "A JSON array of products",
              headers: {
                "X-Total-Count": {
                  description: "How many products the shop has",
                  schema: { type: "integer" },
                },
                Link: {
                  description: "RFC 8288 links to the first, prev, next and last pages",
                  schema: { type: "string" },
                },
              },
              content: json("ProductList"),
            },
            "401": unauthorized,
            "422": error("Bad page or per_page"),
          },
        },
      },
      "/products/{id}": {
        get: {
          summary: "Get a product",
          parameters: [productId],
          responses: {
            "200": { description: "The product", content: json("Product") },
            "401": unauthorized,
            "404": notFoundError("Unknown id or another shop's product"),
          },
        },
        put: {
          summary: "Change a product's price, stock or (Tessera) whether its link still sells",
          parameters: [productId],
          requestBody: { required: true, content: json("ProductUpdateRequest") },
          responses: {
            "204": { description: "Changed" },
            ...badBody,
            "401": unauthorized,
            "404": notFoundError("Unknown id or another shop's product"),
            "422": error(
              "Validation failed, or nothing to change (a price over its currency's ceiling: `can't be greater " +
                "than N` under `amount`)",
            ),
          },
        },
      },
      "/products/{id}/pay": {
        get: {
          summary: "The payment link (pay_url, payment_url): opens a checkout session of the product",
          description: "For shoppers' browsers: no credentials. Each visit opens a new session.",
          security: [],
          parameters: [productId, ...linkParameters],
          responses: linkResponses,
        },
      },
      "/v2/confirm_order/{id}/{shop_id}": {
        get: {
          summary: "bePaid's confirm_url: opens a checkout session of the shop's product, as pay_url does",
          security: [],
          parameters: [
            productId,
            { name: "shop_id", in: "path", required: true, schema: { type: "integer" } },
            ...linkParameters,
          ],
          responses: linkResponses,
        },
      },
    },
  };
}
