import Link from "next/link";
import { toActionResult } from "@/lib/admin/action-result";
import { formatDateTime } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { DISPUTE_STATUSES } from "@/lib/contracts/dispute";
import { getDisputesClient } from "@/lib/gateway-client/disputes";
import { STATUS_LABELS } from "./dispute-labels";

/**
 * The dashboard's disputes now: how many wait for an answer (the soonest due) and how many are in each status, of
 * the shop's live disputes or, as the dashboard's live/test switch says, its test ones.
 */
export async function DisputeSummary({ test }: { test: boolean }) {
  const session = await requireAdminSession();
  const report = toActionResult(await getDisputesClient().disputeReport(credentialsOf(session), { test }));
  // A test-mode shop has only test disputes, whatever the switch says: the gateway answers which it counted.
  const mode = (report.status === "ok" ? report.data.test : test) ? "test" : "live";
  return (
    <section className="admin-section" aria-labelledby="disputes-summary-heading">
      <h2 id="disputes-summary-heading" className="admin-subheading">
        Disputes ({mode})
      </h2>
      {report.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {report.message}
        </p>
      ) : (
        <>
          <p id="disputes-needing-response">
            <Link href={`/admin/disputes?mode=${mode}`}>
              {report.data.needs_response === 1
                ? "1 dispute needs a response"
                : `${report.data.needs_response} disputes need a response`}
            </Link>
            {report.data.next_due_by ? `, the first by ${formatDateTime(report.data.next_due_by)}` : ""}.
          </p>
          <dl className="admin-stats" id="dispute-counts">
            {DISPUTE_STATUSES.map((status) => (
              <div key={status} className="admin-stats__item">
                <dt>{STATUS_LABELS[status]}</dt>
                <dd>
                  <Link href={`/admin/disputes?status=${status}&mode=${mode}`}>
                    {report.data.statuses[status] ?? 0}
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
