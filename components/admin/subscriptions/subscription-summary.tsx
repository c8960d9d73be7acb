import Link from "next/link";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

/**
 * The dashboard's subscriptions: monthly recurring revenue per currency and failing subscriptions recovered, of the
 * shop's live subscriptions or, as the dashboard's live/test switch says, its test ones.
 */
export async function SubscriptionSummary({ test }: { test: boolean }) {
  const session = await requireAdminSession();
  const report = toActionResult(
    await getSubscriptionsClient().subscriptionReport(credentialsOf(session), { test }),
  );
  return (
    <section className="admin-section" aria-labelledby="subscriptions-summary-heading">
      <h2 id="subscriptions-summary-heading" className="admin-subheading">
        Subscriptions
      </h2>
      {report.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {report.message}
        </p>
      ) : (
        <dl className="admin-details">
          <div className="admin-details__row">
            <dt>Monthly recurring revenue</dt>
            <dd>
              {report.data.mrr.length === 0
                ? "none yet"
                : report.data.mrr
                    .map((row) => `${formatAmount(row.amount, row.currency)} (${row.subscriptions} active)`)
                    .join(", ")}
            </dd>
          </div>
          <div className="admin-details__row">
            <dt>Failing subscriptions recovered</dt>
            <dd>
              {report.data.recovered.subscriptions} ({report.data.recovered.cycles} renewals paid on a retry
              {report.data.recovered.amounts.length > 0
                ? `: ${report.data.recovered.amounts.map((row) => formatAmount(row.amount, row.currency)).join(", ")}`
                : ""}
              )
            </dd>
          </div>
          <div className="admin-details__row">
            <dt>Failing now</dt>
            <dd>
              <Link href="/admin/subscriptions?state=failed_attempt">
                {(report.data.states.failed_attempt ?? 0) + (report.data.states.rescuing ?? 0)} being retried
              </Link>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
