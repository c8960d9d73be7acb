import { z } from "zod";
import { creditRequestSchema } from "@/lib/contracts/credit";
import { cardTokenRequestSchema, cardTokenResponseSchema } from "@/lib/contracts/credit-card-token";
import { paymentRequestSchema } from "@/lib/contracts/payment";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const error = (description: string) => ({ description, content: json("Error") });
const requestErrors = {
  "400": error("Body is not JSON, or ended before its Content-Length"),
  "401": error("Missing or wrong shop credentials"),
  "413": error("Body larger than 64 KiB"),
  "415": error("Content-Type is not application/json"),
  "422": error(
    "Validation failed (`errors` nested like the request); `Duplicate transaction` (same card and amount within " +
      "30 s); `Token does not exist.` (unknown or another shop's token); `Date is expired`; a token used against " +
      "its contract; `additional_data.contract` giving a stored card's token a right its card lacks, without the " +
      "shopper's security code and 3-D Secure; an amount over its currency's ceiling (`can't be greater than N`: a " +
      "billion major units, a trillion for currencies of very small units); for payouts, a shop not cleared for " +
      "them or over its caps",
  ),
  "409": error(
    "The request's `RequestID` is still being processed, or its request failed after the acquirer was asked and " +
      "waits for the recovery sweep (`Retry-After`); a repeat then gets the transaction's answer",
  ),
  "429": error("Too many failed authentications from this client, or past the shop's velocity limit"),
};
const tokenParameter = {
  name: "token",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
};

const SANDBOX =
  "The sandbox acquirer's outcomes (README, Test cards) are chosen by card and by amount: 4005550000000019 and " +
  "the 40055500000000xx cards decline, amounts whose last three minor units are 051 or 005 decline, 096 is a " +
  "processor error (status `error`), 091 answers after a few seconds.";

function moneyOperation(summary: string, description: string, request: string) {
  return {
    post: {
      summary,
      description: `${description} ${SANDBOX}`,
      requestBody: { required: true, content: json(request) },
      responses: {
        "200": {
          description:
            "The transaction: `successful` (approved), `failed` (declined: `message` says so, the type's object " +
            "says why), `error` (processor error) or `incomplete` (3-D Secure: send the shopper to `redirect_url`)",
          content: json("TransactionResponse"),
        },
        ...requestErrors,
      },
    },
  };
}

function cardTokenOperation(summary: string, withToken: boolean) {
  return {
    summary,
    ...(withToken ? { parameters: [tokenParameter] } : {}),
    requestBody: { required: true, content: json("CardTokenRequest") },
    responses: {
      "200": { description: "The stored card, at the top level", content: json("CardTokenResponse") },
      ...requestErrors,
    },
  };
}

/** Payments, authorizations, payouts, card tokens and receipts (merged into the document by `buildOpenApiDocument`). */
export function paymentOpenApi() {
  return {
    schemas: {
      PaymentRequest: z.toJSONSchema(paymentRequestSchema, { io: "input", unrepresentable: "any" }),
      CreditRequest: z.toJSONSchema(creditRequestSchema, { io: "input", unrepresentable: "any" }),
      CardTokenRequest: z.toJSONSchema(cardTokenRequestSchema, { io: "input", unrepresentable: "any" }),
      CardTokenResponse: z.toJSONSchema(cardTokenResponseSchema, { io: "output" }),
    },
    paths: {
      "/transactions/payments": moneyOperation(
        "Charge a card (authorize and capture at once)",
        "Card data, or `credit_card.token` of a stored card within its contract (`recurring`: without " +
          "`verification_value`, no 3-D Secure; `oneclick` or none: with it). 3-D Secure as for a tokenization; the " +
          "card is charged only once the verification succeeds. A successful payment returns the stored card's " +
          "`credit_card.token`, `paid_at` and `receipt_url`, and `amounts` with all of it `refundable` (zeros when " +
          "it did not succeed).",
        "PaymentRequest",
      ),
      "/transactions/authorizations": moneyOperation(
        "Authorize an amount on a card, to capture or void later",
        "The fields and rules of a payment; the amount is held, not taken (`paid_at` stays null). A successful " +
          "authorization's `amounts` show all of it `capturable` until `authorization_expires_at` (its creation " +
          "plus the shop's `authorization_expiry_days`); zeros and no expiry when it did not succeed.",
        "PaymentRequest",
      ),
      "/transactions/credits": moneyOperation(
        "Pay out to a card",
        "A stored card's token whose contract allows payouts (none, or `credit`), or card data (not stored). Only " +
          "for a shop the operator cleared (`settings.payouts_allowed`; else 422 `Payouts are not enabled for this " +
          "shop`), at most `settings.payout_limit` per payout and `settings.payout_daily_limit` per currency and UTC " +
          "day (major units; 422 under `amount`), only in a currency of `settings.payout_currencies` (422 under " +
          "`currency`); counted in the shop's `velocity_limit_per_minute` (429).",
        "CreditRequest",
      ),
      "/credit_cards": {
        post: cardTokenOperation(
          "Store a card without a transaction; with `token` (and no number), change its holder and expiry",
          false,
        ),
      },
      "/credit_cards/{token}": {
        post: cardTokenOperation("Change a stored card's holder and expiry", true),
      },
      "/v2/credit_cards": {
        post: cardTokenOperation("Store a card without a transaction (as POST /credit_cards)", false),
      },
      "/v2/credit_cards/{token}": {
        put: cardTokenOperation("Change a stored card's holder and expiry", true),
      },
      "/process/{uid}/receipt": {
        get: {
          summary:
            "The receipt of a successful money transaction (`receipt_url`; HTML in the transaction's `language`)",
          security: [],
          parameters: [{ name: "uid", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The receipt", content: { "text/html": { schema: { type: "string" } } } },
            "404": {
              description: "No such successful money transaction (a page in the browser's `Accept-Language`)",
              content: { "text/html": { schema: { type: "string" } } },
            },
          },
        },
      },
    },
  };
}
