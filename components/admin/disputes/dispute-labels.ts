import type {
  DisputeReason,
  DisputeStatus,
  DisputeTimelineEntry,
  EvidenceField,
} from "@/lib/contracts/dispute";

/** The admin's words for a dispute's reason, status and history, and for each evidence field. */

export const REASON_LABELS: Record<DisputeReason, string> = {
  fraudulent: "Fraudulent",
  product_not_received: "Product not received",
  duplicate: "Duplicate",
  subscription_canceled: "Subscription canceled",
  credit_not_processed: "Credit not processed",
  product_unacceptable: "Product unacceptable",
  unrecognized: "Unrecognized",
  general: "General",
};

export const STATUS_LABELS: Record<DisputeStatus, string> = {
  warning_needs_response: "inquiry: needs response",
  warning_under_review: "inquiry: under review",
  warning_closed: "inquiry: closed",
  needs_response: "needs response",
  under_review: "under review",
  won: "won",
  lost: "lost",
};

/** The badge tone: what waits for the merchant stands out, won is good, lost is bad. */
export const STATUS_TONES: Record<DisputeStatus, "pending" | "neutral" | "good" | "bad"> = {
  warning_needs_response: "pending",
  warning_under_review: "neutral",
  warning_closed: "neutral",
  needs_response: "pending",
  under_review: "neutral",
  won: "good",
  lost: "bad",
};

export const TIMELINE_LABELS: Record<DisputeTimelineEntry["event"], string> = {
  opened: "Opened by the cardholder's bank",
  escalated: "Escalated from an inquiry to a chargeback",
  funds_withdrawn: "Amount and fee taken from the balance",
  file_added: "Evidence file added",
  evidence_submitted: "Evidence submitted",
  funds_reinstated: "Amount and fee given back",
  closed: "Closed",
};

/** The fields shown first; the rest are one click away. */
export const MAIN_EVIDENCE_FIELDS: EvidenceField[] = [
  "product_description",
  "customer_name",
  "customer_email_address",
  "customer_communication",
  "shipping_carrier",
  "shipping_tracking_number",
  "shipping_date",
  "service_date",
  "refund_policy",
  "uncategorized_text",
];

export const EVIDENCE_LABELS: Record<EvidenceField, string> = {
  product_description: "Product or service description",
  customer_name: "Customer name",
  customer_email_address: "Customer e-mail address",
  customer_purchase_ip: "Customer's IP address at purchase",
  customer_communication: "Communication with the customer",
  billing_address: "Billing address",
  receipt: "Receipt",
  refund_policy: "Refund policy",
  refund_policy_disclosure: "How the refund policy was shown",
  refund_refusal_explanation: "Why no refund was given",
  cancellation_policy: "Cancellation policy",
  cancellation_policy_disclosure: "How the cancellation policy was shown",
  cancellation_rebuttal: "Why the subscription was not canceled",
  duplicate_charge_explanation: "Why the charge is not a duplicate",
  duplicate_charge_id: "The other charge's transaction uid",
  service_date: "Service date",
  service_documentation: "Service documentation",
  shipping_address: "Shipping address",
  shipping_carrier: "Shipping carrier",
  shipping_date: "Shipping date",
  shipping_documentation: "Shipping documentation",
  shipping_tracking_number: "Tracking number",
  access_activity_log: "Access or activity log",
  uncategorized_text: "Anything else",
};

/** Whether the merchant may still answer: waiting for a response and not past its due date. */
export function isAnswerable(dispute: {
  status: DisputeStatus;
  evidence_details: { past_due: boolean };
}): boolean {
  return (
    (dispute.status === "needs_response" || dispute.status === "warning_needs_response") &&
    !dispute.evidence_details.past_due
  );
}
