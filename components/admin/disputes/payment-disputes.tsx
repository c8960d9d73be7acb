import Link from "next/link";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { getDisputesClient } from "@/lib/gateway-client/disputes";
import { REASON_LABELS } from "./dispute-labels";
import { DisputeStatusBadge } from "./dispute-status";
import { FraudWarningRefund } from "./fraud-warning-refund";

/**
 * A payment's early fraud warnings and disputes, for its transaction page: a self-contained block, shown only when
 * there is something to show. While a warning is actionable it offers to refund what is left, which may avert the
 * chargeback (and its fee) that often follows.
 */
export async function PaymentDisputes({ uid }: { uid: string }) {
  if (!isTransactionUid(uid)) return null;
  const credentials = credentialsOf(await requireAdminSession());
  const [warningsResult, disputesResult] = await Promise.all([
    getDisputesClient().listEarlyFraudWarnings(credentials, uid),
    getDisputesClient().listDisputes(credentials, { transactionUid: uid, perPage: 50 }),
  ]);
  const warnings = toActionResult(warningsResult);
  const disputes = toActionResult(disputesResult);
  const warningList = warnings.status === "ok" ? warnings.data : [];
  const disputeList = disputes.status === "ok" ? disputes.data.items : [];
  if (warningList.length === 0 && disputeList.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="payment-disputes-heading" id="payment-disputes">
      <h2 id="payment-disputes-heading" className="admin-subheading">
        Disputes and fraud warnings
      </h2>
      {warningList.map((warning) => (
        <div key={warning.id} className="admin-alert" id={`fraud-warning-${warning.id}`}>
          <p className="admin-alert__title">
            Early fraud warning, {formatDateTime(warning.created_at)} (
            {warning.fraud_type.replaceAll("_", " ")})
          </p>
          <p>
            The cardholder's bank reports this payment as likely fraud. No money has moved.{" "}
            {warning.actionable
              ? "Refunding what is left of it now may avert a chargeback and its fee."
              : "Nothing is left to do here: the payment is refunded or already disputed."}
          </p>
          <FraudWarningRefund uid={uid} actionable={warning.actionable} />
        </div>
      ))}
      {disputeList.length > 0 ? (
        <ul>
          {disputeList.map((dispute) => (
            <li key={dispute.id}>
              <Link href={`/admin/disputes/${dispute.id}`}>
                {dispute.kind === "inquiry" ? "Inquiry" : "Chargeback"} of{" "}
                {formatAmount(dispute.amount, dispute.currency)}
              </Link>
              , {REASON_LABELS[dispute.reason]} <DisputeStatusBadge status={dispute.status} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
