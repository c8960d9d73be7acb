import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/admin/data-states";
import { Pagination } from "@/components/admin/pagination";
import { ColumnHeaders } from "@/components/admin/table-columns";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { formatDateTime } from "@/lib/admin/format";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

export const metadata: Metadata = { title: "Plans" };

const COLUMNS = {
  title: "Title",
  terms: "Terms",
  payLink: "Pay link",
  subscriptions: "Subscriptions",
  created: "Created",
} as const;

export default async function PlansPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { page: pageParam, created } = await searchParams;
  const page = Math.max(1, Math.min(1_000_000, Number(pageParam) || 1));
  const session = await requireAdminSession();
  const result = toActionResult(
    await getSubscriptionsClient().listPlans(credentialsOf(session), { page, perPage: ADMIN_PAGE_SIZE }),
  );
  return (
    <>
      <div className="admin-page-head">
        <h1>Plans</h1>
        <Link href="/admin/plans/new" className="admin-button admin-button--primary">
          New plan
        </Link>
      </div>
      {created === "1" ? (
        <p className="admin-alert admin-alert--success" role="status">
          Plan created. Share its pay link: shoppers subscribe through it.
        </p>
      ) : null}
      {result.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {result.message}
        </p>
      ) : result.data.items.length === 0 ? (
        <EmptyState>
          <p>
            No plans yet. <Link href="/admin/plans/new">Create the first one</Link>.
          </p>
        </EmptyState>
      ) : (
        <>
          <TableRegion labelledBy="plans-caption">
            <table className="admin-table">
              <caption id="plans-caption" className="admin-visually-hidden">
                Plans, newest first
              </caption>
              <ColumnHeaders columns={COLUMNS} />
              <tbody>
                {result.data.items.map((plan) => (
                  <tr key={plan.id}>
                    <th scope="row" data-label={COLUMNS.title}>
                      {plan.title}
                    </th>
                    <td data-label={COLUMNS.terms}>{plan.description}</td>
                    <td data-label={COLUMNS.payLink}>
                      <a href={plan.pay_url}>{plan.pay_url}</a>
                    </td>
                    <td data-label={COLUMNS.subscriptions}>
                      <Link href={`/admin/subscriptions?plan_id=${plan.id}`}>Subscriptions</Link>
                    </td>
                    <td data-label={COLUMNS.created}>{formatDateTime(plan.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pagination
            label="Plan"
            page={result.data.page}
            pageCount={result.data.pageCount}
            total={result.data.total}
            hrefFor={(target) => `/admin/plans?page=${target}`}
          />
        </>
      )}
    </>
  );
}
