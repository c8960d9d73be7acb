import { z } from "zod";
import { addError, type ErrorTree } from "./errors";
import { isPlainObject, isStorableText } from "./fields";
import { BLANK, INVALID_CHARACTERS, NOT_A_STRING, NOT_AN_OBJECT, NOT_BOOLEAN, tooLong } from "./messages";
import type { ParseResult } from "./tokenization";

export const DISPUTE_ID_PATTERN = /^dsp_[0-9a-f]{16}$/;

/** An inquiry (a retrieval request) may be answered before it becomes a chargeback; a chargeback takes the money. */
export const DISPUTE_KINDS = ["inquiry", "chargeback"] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

/** Why the cardholder's bank disputes the payment, in Stripe's words (the network's own code is beside it). */
export const DISPUTE_REASONS = [
  "fraudulent",
  "product_not_received",
  "duplicate",
  "subscription_canceled",
  "credit_not_processed",
  "product_unacceptable",
  "unrecognized",
  "general",
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/**
 * Inquiries: warning_needs_response → warning_under_review → warning_closed, or → needs_response when the bank
 * escalates one to a chargeback. Chargebacks: needs_response → under_review → won | lost. Forward only: the
 * database refuses any other move (lib/db/functions/tessera_guard_dispute_status.sql).
 */
export const DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The evidence a merchant can give, as text; every field optional. */
export const EVIDENCE_TEXT_FIELDS = [
  "product_description",
  "customer_name",
  "customer_email_address",
  "customer_purchase_ip",
  "customer_communication",
  "billing_address",
  "receipt",
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "cancellation_policy",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "service_date",
  "service_documentation",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_documentation",
  "shipping_tracking_number",
  "access_activity_log",
  "uncategorized_text",
] as const;
export type EvidenceField = (typeof EVIDENCE_TEXT_FIELDS)[number];
export type DisputeEvidence = Partial<Record<EvidenceField, string>>;

/** The most text a dispute's evidence holds in all, as the card networks' submission forms allow. */
export const MAX_EVIDENCE_CHARACTERS = 150_000;

/** Evidence files: the kinds the card networks take, recognised by their first bytes (never the name or the
 * declared type), at most `MAX_EVIDENCE_FILE_BYTES` each and `MAX_EVIDENCE_FILES` / `MAX_EVIDENCE_FILES_BYTES` per
 * dispute, as Stripe's dispute evidence limits go. */
export const EVIDENCE_FILE_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type EvidenceFileType = (typeof EVIDENCE_FILE_TYPES)[number];
export const MAX_EVIDENCE_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_EVIDENCE_FILES = 10;
export const MAX_EVIDENCE_FILES_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_FILE_ID_PATTERN = /^dfl_[0-9a-f]{16}$/;

export const disputeFileSchema = z
  .object({
    id: z.string().describe("dfl_ + 16 hex"),
    object: z.literal("dispute_file"),
    filename: z.string(),
    content_type: z.enum(EVIDENCE_FILE_TYPES).describe("From the file's content, not its name"),
    size: z.int().describe("Bytes"),
    sha256: z.string().describe("Hex SHA-256 of the content"),
    created_at: z.string(),
  })
  .meta({ description: "An evidence file of a dispute; its content at GET /disputes/{id}/files/{file_id}" });
export type DisputeFile = z.output<typeof disputeFileSchema>;

export const disputeSchema = z
  .object({
    id: z.string().describe("dsp_ + 16 hex"),
    object: z.literal("dispute"),
    kind: z.enum(DISPUTE_KINDS),
    transaction_uid: z.string().describe("The disputed payment (or capture): the parent of its refunds"),
    tracking_id: z.string().nullable(),
    amount: z
      .int()
      .describe("Minor units: what the bank disputes (the part not refunded when it was opened)"),
    currency: z.string(),
    reason: z.enum(DISPUTE_REASONS),
    network_reason_code: z.string().describe("The card network's reason code, e.g. Visa 10.4"),
    status: z.enum(DISPUTE_STATUSES),
    evidence: z.record(z.string(), z.string()).describe("Staged or submitted evidence, by field"),
    evidence_files: z.array(disputeFileSchema).describe("Staged or submitted evidence files, oldest first"),
    evidence_details: z.object({
      due_by: z.string().describe("ISO 8601"),
      has_evidence: z.boolean(),
      past_due: z.boolean(),
      submission_count: z.int(),
    }),
    evidence_due_by: z.string().describe("ISO 8601: evidence is refused after it"),
    fee: z.int().describe("Minor units: the operator's dispute fee for a chargeback, taken with the amount"),
    funds_withdrawn: z.boolean().describe("The amount and fee left the merchant's balance"),
    funds_reinstated: z.boolean().describe("Given back: the chargeback was won"),
    test: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ description: "A dispute of a payment by the cardholder's bank: an inquiry or a chargeback" });
export type Dispute = z.output<typeof disputeSchema>;

export const earlyFraudWarningSchema = z
  .object({
    id: z.string().describe("efw_ + 16 hex"),
    object: z.literal("early_fraud_warning"),
    transaction_uid: z.string(),
    fraud_type: z.string().describe("e.g. unauthorized_use_of_card"),
    actionable: z
      .boolean()
      .describe("No dispute of the payment yet and something left to refund: refunding now may avert one"),
    test: z.boolean(),
    created_at: z.string(),
  })
  .meta({
    description: "A bank's early fraud warning on a payment (Visa TC40, Mastercard SAFE); no money moved",
  });
export type EarlyFraudWarning = z.output<typeof earlyFraudWarningSchema>;

/** GET /reports/disputes: how many of the shop's live (or test) disputes are in each status now. */
export const disputeReportSchema = z
  .object({
    test: z.boolean().describe("Whether these are the shop's test disputes or its live ones"),
    statuses: z.record(z.enum(DISPUTE_STATUSES), z.int()).describe("Every status, with zeros"),
    needs_response: z.int().describe("Inquiries and chargebacks waiting for the merchant's answer"),
    next_due_by: z.string().nullable().describe("ISO 8601: the soonest answer due, null when none is"),
  })
  .meta({ description: "The shop's disputes by status" });
export type DisputeReport = z.output<typeof disputeReportSchema>;

/** What happened to a dispute, as its page shows it: each fact stored of it, in order. */
export const DISPUTE_TIMELINE_EVENTS = [
  "opened",
  "escalated",
  "funds_withdrawn",
  "file_added",
  "evidence_submitted",
  "funds_reinstated",
  "closed",
] as const;
export const disputeTimelineEntrySchema = z.object({
  event: z.enum(DISPUTE_TIMELINE_EVENTS),
  at: z.string().describe("ISO 8601"),
  status: z.enum(DISPUTE_STATUSES).nullable().describe("The outcome, on `closed`"),
  amount: z.int().nullable().describe("Minor units moved, on `funds_withdrawn` and `funds_reinstated`"),
  fee: z.int().nullable().describe("Minor units of fee moved with it"),
  file_id: z.string().nullable().describe("On `file_added`"),
  filename: z.string().nullable().describe("On `file_added`"),
});
export type DisputeTimelineEntry = z.output<typeof disputeTimelineEntrySchema>;

/** The events a dispute's webhooks carry, in the subscription events' envelope (the object, and `event`). */
export const DISPUTE_EVENTS = [
  "dispute.created",
  "dispute.updated",
  "dispute.closed",
  "dispute.funds_withdrawn",
  "dispute.funds_reinstated",
] as const;
export type DisputeEvent = (typeof DISPUTE_EVENTS)[number];

export interface EvidenceRequest {
  evidence: DisputeEvidence;
  submit: boolean;
}

/**
 * POST /disputes/{id}/evidence: `{"evidence": {field: text, …}, "submit": false|true}`. Unknown fields, non-strings
 * and more than `MAX_EVIDENCE_CHARACTERS` in all (with what is already staged) are refused field by field.
 */
export function parseEvidenceRequest(body: unknown, staged: DisputeEvidence): ParseResult<EvidenceRequest> {
  const errors: ErrorTree = {};
  if (!isPlainObject(body)) return { ok: false, errors: { base: [NOT_AN_OBJECT] } };
  const evidence: DisputeEvidence = {};
  if (body.evidence === undefined || body.evidence === null) {
    if (body.submit !== true) addError(errors, ["evidence"], BLANK);
  } else if (!isPlainObject(body.evidence)) {
    addError(errors, ["evidence"], NOT_AN_OBJECT);
  } else {
    for (const [field, value] of Object.entries(body.evidence)) {
      if (!(EVIDENCE_TEXT_FIELDS as readonly string[]).includes(field)) {
        addError(errors, ["evidence", field], "is not a known evidence field");
      } else if (typeof value !== "string") {
        addError(errors, ["evidence", field], NOT_A_STRING);
      } else if (!isStorableText(value)) {
        addError(errors, ["evidence", field], INVALID_CHARACTERS);
      } else {
        evidence[field as EvidenceField] = value;
      }
    }
    const total = Object.values({ ...staged, ...evidence }).reduce(
      (sum, text) => sum + (text?.length ?? 0),
      0,
    );
    if (total > MAX_EVIDENCE_CHARACTERS) addError(errors, ["evidence"], tooLong(MAX_EVIDENCE_CHARACTERS));
  }
  if (body.submit !== undefined && typeof body.submit !== "boolean")
    addError(errors, ["submit"], NOT_BOOLEAN);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { evidence, submit: body.submit === true } };
}
