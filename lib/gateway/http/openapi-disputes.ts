import { z } from "zod";
import {
  DISPUTE_STATUSES,
  disputeSchema,
  EVIDENCE_TEXT_FIELDS,
  MAX_EVIDENCE_CHARACTERS,
} from "@/lib/contracts/dispute";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const idParameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^dsp_[0-9a-f]{16}$" },
};
const notFound = { description: "Unknown id or another shop's dispute", content: json("Error") };
const unauthorized = { description: "Missing or wrong shop credentials", content: json("Error") };

/** Dispute endpoints of the OpenAPI document (merged into it by `buildOpenApiDocument`). */
export function disputeOpenApi() {
  return {
    schemas: {
      Dispute: z.toJSONSchema(disputeSchema, { io: "output" }),
      DisputeList: { type: "array", items: { $ref: "#/components/schemas/Dispute" } },
      EvidenceRequest: {
        type: "object",
        properties: {
          evidence: {
            type: "object",
            properties: Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((field) => [field, { type: "string" }])),
            additionalProperties: false,
            description: `Text by field, merged over what is staged; ${MAX_EVIDENCE_CHARACTERS} characters in all`,
          },
          submit: {
            type: "boolean",
            default: false,
            description: "Send it: final, the dispute goes under review",
          },
        },
      },
    },
    paths: {
      "/disputes": {
        get: {
          summary: "List the shop's disputes (inquiries and chargebacks), newest first",
          description:
            "Raised by the acquirer on a payment or capture (test cards in the README). Paginated " +
            "(`X-Total-Count`, `Link`).",
          parameters: [
            { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
            {
              name: "per_page",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: 500, default: 50 },
            },
            { name: "status", in: "query", schema: { type: "string", enum: [...DISPUTE_STATUSES] } },
            {
              name: "transaction_uid",
              in: "query",
              description: "The disputed payment",
              schema: { type: "string" },
            },
            {
              name: "created_from",
              in: "query",
              description: "ISO 8601 date or time",
              schema: { type: "string" },
            },
            {
              name: "created_to",
              in: "query",
              description: "ISO 8601 date or time",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": { description: "A JSON array of disputes", content: json("DisputeList") },
            "401": unauthorized,
            "422": { description: "A bad filter or page", content: json("Error") },
          },
        },
      },
      "/disputes/{id}": {
        get: {
          summary: "Get a dispute",
          parameters: [idParameter],
          responses: {
            "200": { description: "The dispute", content: json("Dispute") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/disputes/{id}/evidence": {
        post: {
          summary: "Stage evidence, or submit it",
          description:
            "Refused (422, nothing changed) once submitted, when the dispute is closed, or past `evidence_due_by`. " +
            "In test mode the outcome follows the text: `winning_evidence` wins, `losing_evidence` loses, an " +
            "inquiry answered with `escalate_inquiry_evidence` becomes a chargeback.",
          parameters: [idParameter],
          requestBody: { required: true, content: json("EvidenceRequest") },
          responses: {
            "200": { description: "The dispute", content: json("Dispute") },
            "401": unauthorized,
            "404": notFound,
            "422": { description: "Bad evidence, or it can no longer be given", content: json("Error") },
          },
        },
      },
      "/disputes/{id}/accept": {
        post: {
          summary: "Accept a dispute: a chargeback is lost, an inquiry closed",
          parameters: [idParameter],
          responses: {
            "200": { description: "The dispute", content: json("Dispute") },
            "401": unauthorized,
            "404": notFound,
            "422": { description: "The dispute is no longer open", content: json("Error") },
          },
        },
      },
    },
  };
}
