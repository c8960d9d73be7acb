import { z } from "zod";
import { childRequestSchemas, parentAmountsSchema } from "@/lib/contracts/child-transaction";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });

const responses = {
  "200": {
    description:
      "The child transaction: `successful`, `failed` (declined) or `error` (processor error), with `parent_uid` " +
      "and the acquirer's answer in the object named after its type; `incomplete` only when the acquirer gave no " +
      "answer (its amount stays reserved)",
    content: json("TransactionResponse"),
  },
  "400": { description: "Body is not JSON", content: json("Error") },
  "401": { description: "Missing or wrong shop credentials", content: json("Error") },
  "404": {
    description: "`parent_uid` unknown or another shop's: `Record not found`",
    content: json("Message"),
  },
  "422": {
    description:
      "Validation failed, or the parent does not allow it (`Amount can't be greater than …` past what it has " +
      "left; `Duplicate transaction` for the same parent and amount within 30 s); `message` ends with a period",
    content: json("Error"),
  },
  "409": {
    description:
      "The request's `RequestID` is still being processed, or its request failed after the acquirer was asked and " +
      "waits for the recovery sweep (`Retry-After`); a repeat then gets the child's answer",
    content: json("Error"),
  },
};

const operation = (summary: string, description: string, schema: string) => ({
  post: { summary, description, requestBody: { required: true, content: json(schema) }, responses },
});

/** Captures, voids and refunds in the OpenAPI document (merged into it by `buildOpenApiDocument`). */
export function childTransactionOpenApi() {
  const schema = (value: z.ZodType) => z.toJSONSchema(value, { io: "input", unrepresentable: "any" });
  return {
    schemas: {
      CaptureRequest: schema(childRequestSchemas.capture),
      VoidRequest: schema(childRequestSchemas.void),
      RefundRequest: schema(childRequestSchemas.refund),
      ParentAmounts: z.toJSONSchema(parentAmountsSchema, { io: "output" }),
    },
    paths: {
      "/transactions/captures": operation(
        "Capture an authorization",
        "Takes `amount` of what a successful authorization has left (partial captures add up), until it expires " +
          "(7 days by default, the shop's `authorization_expiry_days`) or is voided. The authorization's `amounts` " +
          "show what is captured and capturable, from its creation on. A capture has `amounts` of its own: all of " +
          "it refundable once it succeeded.",
        "CaptureRequest",
      ),
      "/transactions/voids": operation(
        "Void an authorization",
        "Releases a successful authorization of which nothing was captured, also after it expired; `amount` is its " +
          "full amount.",
        "VoidRequest",
      ),
      "/transactions/refunds": operation(
        "Refund a payment or capture",
        "Returns `amount` of what a successful payment or capture (not the authorization) has left; partial " +
          "refunds add up. `reason` is required. The parent's `amounts` show what is refunded and refundable.",
        "RefundRequest",
      ),
    },
  };
}
