import { z } from "zod";
import {
  DISPUTE_STATUSES,
  disputeFileSchema,
  disputeReportSchema,
  disputeSchema,
  disputeTimelineEntrySchema,
  EVIDENCE_FILE_TYPES,
  EVIDENCE_TEXT_FIELDS,
  earlyFraudWarningSchema,
  MAX_EVIDENCE_CHARACTERS,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES,
  MAX_EVIDENCE_FILES_BYTES,
} from "@/lib/contracts/dispute";

import { DISPUTE_ORDERS } from "../disputes/manage-dispute";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const idParameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^dsp_[0-9a-f]{16}$" },
};
const fileIdParameter = {
  name: "file_id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^dfl_[0-9a-f]{16}$" },
};
const MB = 1024 * 1024;
const notFound = { description: "Unknown id or another shop's dispute", content: json("Message") };
const unauthorized = { description: "Missing or wrong shop credentials", content: json("Error") };

/** Dispute endpoints of the OpenAPI document (merged into it by `buildOpenApiDocument`). */
export function disputeOpenApi() {
  return {
    schemas: {
      Dispute: z.toJSONSchema(disputeSchema, { io: "output" }),
      DisputeFile: z.toJSONSchema(disputeFileSchema, { io: "output" }),
      DisputeReport: z.toJSONSchema(disputeReportSchema, { io: "output" }),
      DisputeTimeline: { type: "array", items: z.toJSONSchema(disputeTimelineEntrySchema, { io: "output" }) },
      EarlyFraudWarningList: {
        type: "array",
        items: z.toJSONSchema(earlyFraudWarningSchema, { io: "output" }),
      },
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
          summary: "List the shop's disputes (inquiries and chargebacks), newest first or due soonest first",
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
              name: "test",
              in: "query",
              description: "Test disputes only (`true`) or live ones only (`false`); both when absent",
              schema: { type: "boolean" },
            },
            {
              name: "order",
              in: "query",
              description:
                "`created`: newest first. `due`: those awaiting an answer first, due soonest on top, then the rest newest first",
              schema: { type: "string", enum: [...DISPUTE_ORDERS], default: "created" },
            },
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
      "/disputes/{id}/timeline": {
        get: {
          summary: "What happened to a dispute, oldest first",
          description:
            "From what is stored of it: opened, escalated (an inquiry become a chargeback), money taken, files " +
            "added, evidence submitted, money given back, the outcome.",
          parameters: [idParameter],
          responses: {
            "200": { description: "The timeline", content: json("DisputeTimeline") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/early_fraud_warnings": {
        get: {
          summary: "The bank's early fraud warnings on a payment",
          description:
            "Also sent as `early_fraud_warning.created` events. While `actionable`, refunding what is left of the " +
            "payment (`POST /transactions/refunds`) may avert a chargeback and its fee.",
          parameters: [{ name: "transaction_uid", in: "query", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "Oldest first", content: json("EarlyFraudWarningList") },
            "401": unauthorized,
            "422": { description: "No transaction_uid", content: json("Error") },
          },
        },
      },
      "/reports/disputes": {
        get: {
          summary: "The shop's disputes by status now",
          parameters: [
            {
              name: "test",
              in: "query",
              description: "A live shop's test disputes instead of its live ones",
              schema: { type: "boolean" },
            },
          ],
          responses: {
            "200": { description: "Counts by status", content: json("DisputeReport") },
            "401": unauthorized,
            "422": { description: "A bad `test`", content: json("Error") },
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
      "/disputes/{id}/files": {
        post: {
          summary: "Upload an evidence file",
          description:
            `One file per request, as \`multipart/form-data\` with the part \`file\` (as Stripe's file uploads): ` +
            `${EVIDENCE_FILE_TYPES.join(", ")}, recognised by its content (never its name or declared type), at ` +
            `most ${MAX_EVIDENCE_FILE_BYTES / MB} MB; a dispute holds at most ${MAX_EVIDENCE_FILES} files and ` +
            `${MAX_EVIDENCE_FILES_BYTES / MB} MB in all. Staged with the text evidence and submitted with it ` +
            "(`POST /disputes/{id}/evidence` with `submit: true`). Refused (422 under `errors.file` or " +
            "`errors.base`, nothing stored) when it is missing, of another kind, too large, one too many, or the " +
            "dispute can no longer be answered (submitted, closed, past `evidence_due_by`).",
          parameters: [idParameter],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: { file: { type: "string", format: "binary" } },
                },
              },
            },
          },
          responses: {
            "201": { description: "The file, described (not its content)", content: json("DisputeFile") },
            "401": unauthorized,
            "404": notFound,
            "415": { description: "Not a multipart/form-data body", content: json("Error") },
            "422": {
              description: "Not an accepted file, or it can no longer be given",
              content: json("Error"),
            },
          },
        },
      },
      "/disputes/{id}/files/{file_id}": {
        get: {
          summary: "Download an evidence file",
          description: "Its content, as an attachment, to the dispute's shop only.",
          parameters: [idParameter, fileIdParameter],
          responses: {
            "200": {
              description: "The file's content",
              content: Object.fromEntries(
                EVIDENCE_FILE_TYPES.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
              ),
            },
            "401": unauthorized,
            "404": notFound,
          },
        },
        delete: {
          summary: "Remove a staged evidence file",
          parameters: [idParameter, fileIdParameter],
          responses: {
            "200": {
              description: "Removed",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      id: { type: "string" },
                      object: { const: "dispute_file" },
                      deleted: { const: true },
                    },
                  },
                },
              },
            },
            "401": unauthorized,
            "404": notFound,
            "422": {
              description: "The evidence is submitted, or the dispute closed or past due",
              content: json("Error"),
            },
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
