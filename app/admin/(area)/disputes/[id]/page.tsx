import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AcceptDispute } from "@/components/admin/disputes/accept-dispute";
import { isAnswerable, REASON_LABELS } from "@/components/admin/disputes/dispute-labels";
import { DisputeStatusBadge } from "@/components/admin/disputes/dispute-status";
import { DisputeTimeline } from "@/components/admin/disputes/dispute-timeline";
import { EvidenceFiles } from "@/components/admin/disputes/evidence-files";
import { EvidenceForm } from "@/components/admin/disputes/evidence-form";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getDisputesClient } from "@/lib/gateway-client/disputes";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export const metadata: Metadata = { title: "Dispute" };

const OPEN = new Set(["needs_response", "warning_needs_response", "under_review", "warning_under_review"]);

export default async function DisputePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const credentials = credentialsOf(await requireAdminSession());
  const [found, timelineResult] = await Promise.all([
    getDisputesClient().getDispute(credentials, id),
    getDisputesClient().getTimeline(credentials, id),
  ]);
  if (!found.ok && found.kind === "not_found") notFound();
  const result = toActionResult(found);
  if (result.status !== "ok") {
    return (
      <>
        <p className="admin-breadcrumb">
          <Link href="/admin/disputes">Disputes</Link>
        </p>
        <h1>Dispute</h1>
        <p className="admin-alert admin-alert--error" role="alert">
          {result.message}
        </p>
      </>
    );
  }
  const dispute = result.data;
  const payment = toActionResult(
    await getMerchantClient().getTransaction(credentials, dispute.transaction_uid),
  );
  const timeline = toActionResult(timelineResult);
  const answerable = isAnswerable(dispute);
  const customer =
    payment.status === "ok"
      ? [
          [payment.data.billing_address?.first_name, payment.data.billing_address?.last_name]
            .filter(Boolean)
            .join(" "),
          payment.data.customer?.email,
        ]
          .filter(Boolean)
          .join(", ")
      : "";
  const kind = dispute.kind === "inquiry" ? "Inquiry" : "Chargeback";
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/disputes">Disputes</Link>
      </p>
      <h1>
        {kind} of {formatAmount(dispute.amount, dispute.currency)}
      </h1>
      {dispute.status === "needs_response" || dispute.status === "warning_needs_response" ? (
        <p className={answerable ? "admin-alert" : "admin-alert admin-alert--error"} id="dispute-due">
          {answerable
            ? `Answer by ${formatDateTime(dispute.evidence_due_by)}: submit evidence, or accept the dispute.`
            : `The answer was due by ${formatDateTime(dispute.evidence_due_by)}; evidence can no longer be given.`}
        </p>
      ) : null}
      <dl className="admin-details">
        <div className="admin-details__row">
          <dt>Status</dt>
          <dd>
            <DisputeStatusBadge status={dispute.status} />
          </dd>
        </div>
        {(
          [
            ["Id", dispute.id],
            ["Amount", formatAmount(dispute.amount, dispute.currency)],
            [
              "Dispute fee",
              dispute.kind === "chargeback"
                ? formatAmount(dispute.fee, dispute.currency)
                : "none (an inquiry)",
            ],
            [
              "Money",
              dispute.funds_reinstated
                ? "Taken from the balance, then given back (won)"
                : dispute.funds_withdrawn
                  ? "Amount and fee taken from the balance"
                  : "None taken (an inquiry takes none unless it becomes a chargeback)",
            ],
            ["Reason", `${REASON_LABELS[dispute.reason]} (network code ${dispute.network_reason_code})`],
            ["Answer due", formatDateTime(dispute.evidence_due_by)],
            ["Customer", orDash(customer)],
            [
              "Card",
              payment.status === "ok" && payment.data.credit_card
                ? maskedCard(payment.data.credit_card)
                : "—",
            ],
            ["Tracking id", orDash(dispute.tracking_id)],
            ["Test", dispute.test ? "yes" : "no"],
            ["Opened", formatDateTime(dispute.created_at)],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="admin-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="admin-details__row">
          <dt>Payment</dt>
          <dd>
            <Link href={`/admin/transactions/${dispute.transaction_uid}`} className="admin-uid">
              {dispute.transaction_uid}
            </Link>
          </dd>
        </div>
      </dl>

      <section className="admin-section" aria-labelledby="evidence-heading">
        <h2 id="evidence-heading" className="admin-subheading">
          Evidence
        </h2>
        {dispute.test && answerable ? (
          <p className="admin-muted">
            Test mode: evidence containing <code>winning_evidence</code> wins, <code>losing_evidence</code>{" "}
            loses
            {dispute.kind === "inquiry"
              ? ", and escalate_inquiry_evidence turns the inquiry into a chargeback"
              : ""}
            , within seconds of submitting.
          </p>
        ) : null}
        <EvidenceForm
          id={dispute.id}
          evidence={dispute.evidence}
          editable={answerable}
          submitted={dispute.evidence_details.submission_count > 0}
        />
      </section>

      <section className="admin-section" aria-labelledby="files-heading">
        <h2 id="files-heading" className="admin-subheading">
          Evidence files
        </h2>
        <EvidenceFiles id={dispute.id} files={dispute.evidence_files} editable={answerable} />
      </section>

      {OPEN.has(dispute.status) ? (
        <section className="admin-section" aria-labelledby="accept-heading">
          <h2 id="accept-heading" className="admin-subheading">
            Accept
          </h2>
          <AcceptDispute id={dispute.id} kind={dispute.kind} />
        </section>
      ) : null}

      <section className="admin-section" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="admin-subheading">
          Timeline
        </h2>
        {timeline.status !== "ok" ? (
          <p className="admin-alert admin-alert--error" role="alert">
            {timeline.message}
          </p>
        ) : (
          <DisputeTimeline entries={timeline.data} currency={dispute.currency} />
        )}
      </section>
    </>
  );
}
