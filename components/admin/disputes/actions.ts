"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import { type Dispute, EVIDENCE_TEXT_FIELDS } from "@/lib/contracts/dispute";
import type { Transaction } from "@/lib/contracts/transaction";
import { getDisputesClient } from "@/lib/gateway-client/disputes";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

const NOT_A_DISPUTE = { status: "failed", message: "Not a dispute." } as const;

/** Only known evidence fields, as text: anything else a caller slips in is dropped, the gateway checks the rest. */
function evidenceOf(input: unknown): Record<string, string> | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const evidence: Record<string, string> = {};
  for (const field of EVIDENCE_TEXT_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value === "string") evidence[field] = value;
  }
  return evidence;
}

/** Stages the evidence changed on the form, or with `submit` sends all that is staged: final. */
export async function saveEvidenceAction(
  id: unknown,
  changed: unknown,
  submit: unknown,
): Promise<ActionResult<Dispute>> {
  const evidence = evidenceOf(changed);
  if (typeof id !== "string" || !evidence) return NOT_A_DISPUTE;
  return runAdminAction((credentials) =>
    getDisputesClient().submitEvidence(credentials, id, evidence, submit === true),
  );
}

/** Accepts the dispute: a chargeback is lost, an inquiry closed. */
export async function acceptDisputeAction(id: unknown): Promise<ActionResult<Dispute>> {
  if (typeof id !== "string") return NOT_A_DISPUTE;
  return runAdminAction((credentials) => getDisputesClient().acceptDispute(credentials, id));
}

/** Takes back a staged evidence file. */
export async function removeEvidenceFileAction(
  id: unknown,
  fileId: unknown,
): Promise<ActionResult<{ deleted: true }>> {
  if (typeof id !== "string" || typeof fileId !== "string") return NOT_A_DISPUTE;
  return runAdminAction((credentials) => getDisputesClient().removeEvidenceFile(credentials, id, fileId));
}

/**
 * The refund an early fraud warning offers: all that is still refundable of the payment, through the refund path
 * every refund takes. Asked again here, not taken from the page: the warning must still be actionable and the amount
 * is what the gateway says is left now. Keyed by the warning (`RequestID`): a second click refunds nothing more.
 */
export async function refundForFraudWarningAction(uid: unknown): Promise<ActionResult<Transaction>> {
  if (typeof uid !== "string") return { status: "failed", message: "Not a payment." };
  return runAdminAction(async (credentials) => {
    const warnings = await getDisputesClient().listEarlyFraudWarnings(credentials, uid);
    if (!warnings.ok) return warnings;
    const warning = warnings.data.find((entry) => entry.actionable);
    const transaction = await getMerchantClient().getTransaction(credentials, uid);
    if (!transaction.ok) return transaction;
    const refundable = transaction.data.amounts?.refundable ?? 0;
    if (!warning || refundable <= 0) {
      const message = "Nothing is left to refund, or the payment is already disputed.";
      return { ok: false, kind: "invalid", status: 422, message, errors: { base: [message] } };
    }
    return getMerchantClient().createChildTransaction(credentials, "refund", {
      parentUid: uid,
      amount: refundable,
      reason: "Early fraud warning",
      requestId: `efw-refund-${warning.id}`,
    });
  });
}
