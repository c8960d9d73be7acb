import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/admin/data-states";
import { Pagination } from "@/components/admin/pagination";
import { SubscriptionStateBadge } from "@/components/admin/subscriptions/subscription-state-badge";
import { ColumnHeaders } from "@/components/admin/table-columns";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime } from "@/lib/admin/format";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { SUBSCRIPTION_STATES } from "@/lib/contracts/subscription";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

export const metadata: Metadata = { title: "Subscriptions" };

/**
 * Hosted-page visits nobody paid: `redirecting` (a plan link opened, its page not paid yet) and `expired` (its page
 * ended unpaid). Left out of the list unless asked for, or a state is chosen.
 */
const ABANDONED_STATES = ["redirecting", "expired"] as const;

const COLUMNS = {
  subscription: "Subscription",
  plan: "Plan",
  price: "Price",
  state: "State",
  nextCharge: "Next charge",
  created: "Created",
} as const;

export default async function SubscriptionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { page: pageParam, state: stateParam, plan_id: planParam, abandoned } = await searchParams;
  const showAbandoned = abandoned === "1";
  const planId =
    typeof planParam === "string" && /^pln_[0-9a-f]{16}$/.test(planParam) ? planParam : undefined;
  const page = Math.max(1, Math.min(1_000_000, Number(pageParam) || 1));
  const state = SUBSCRIPTION_STATES.find((known) => known === stateParam);
  const session = await requireAdminSession();
  const result = toActionResult(
    await getSubscriptionsClient().listSubscriptions(credentialsOf(session), {
      page,
      perPage: ADMIN_PAGE_SIZE,
      state,
      planId,
      excludeStates: state || showAbandoned ? [] : ABANDONED_STATES,
    }),
  );
  return (
    <>
      <div className="admin-page-head">
        <h1>Subscriptions</h1>
        <Link href="/admin/plans" className="admin-button">
          Plans
        </Link>
      </div>
      <form className="admin-filters" method="get" action="/admin/subscriptions">
        <div className="admin-field">
          <label htmlFor="subscription-state">State</label>
          <select id="subscription-state" name="state" defaultValue={state ?? ""}>
            <option value="">Any</option>
            {SUBSCRIPTION_STATES.map((known) => (
              <option key={known} value={known}>
                {known.replace("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-check">
          <input
            id="subscription-abandoned"
            type="checkbox"
            name="abandoned"
            value="1"
            defaultChecked={showAbandoned}
          />
          <label htmlFor="subscription-abandoned">Show abandoned page visits (redirecting, expired)</label>
        </div>
        {planId ? <input type="hidden" name="plan_id" value={planId} /> : null}
        <button type="submit" className="admin-button">
          Filter
        </button>
      </form>
      {result.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {result.message}
        </p>
      ) : result.data.items.length === 0 ? (
        <EmptyState>
          <p>No subscriptions{state ? ` in state ${state.replace("_", " ")}` : ""}.</p>
        </EmptyState>
      ) : (
        <>
          <TableRegion labelledBy="subscriptions-caption">
            <table className="admin-table">
              <caption id="subscriptions-caption" className="admin-visually-hidden">
                Subscriptions, newest first
              </caption>
              <ColumnHeaders columns={COLUMNS} />
              <tbody>
                {result.data.items.map((subscription) => (
                  <tr key={subscription.id}>
                    <th scope="row" data-label={COLUMNS.subscription}>
                      <Link href={`/admin/subscriptions/${subscription.id}`}>{subscription.id}</Link>
                    </th>
                    <td data-label={COLUMNS.plan}>{subscription.plan.title}</td>
                    <td className="admin-number admin-table__lead" data-label={COLUMNS.price}>
                      {formatAmount(subscription.plan.plan.amount, subscription.plan.currency)}
                    </td>
                    <td className="admin-table__lead" data-label={COLUMNS.state}>
                      <SubscriptionStateBadge state={subscription.state} />
                    </td>
                    <td data-label={COLUMNS.nextCharge}>
                      {subscription.renew_at ? formatDateTime(subscription.renew_at) : "—"}
                    </td>
                    <td data-label={COLUMNS.created}>{formatDateTime(subscription.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pagination
            label="Subscription"
            page={result.data.page}
            pageCount={result.data.pageCount}
            total={result.data.total}
            hrefFor={(target) =>
              `/admin/subscriptions?page=${target}${state ? `&state=${state}` : ""}${planId ? `&plan_id=${planId}` : ""}${showAbandoned ? "&abandoned=1" : ""}`
            }
          />
        </>
      )}
    </>
  );
}
