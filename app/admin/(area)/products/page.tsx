import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/admin/data-states";
import { Pagination } from "@/components/admin/pagination";
import { StatusBadge } from "@/components/admin/status-badge";
import { ColumnHeaders } from "@/components/admin/table-columns";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime } from "@/lib/admin/format";
import { ADMIN_PAGE_SIZE } from "@/lib/admin/page-size";
import { linkState } from "@/lib/admin/product-state";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getProductsClient } from "@/lib/gateway-client/products";

export const metadata: Metadata = { title: "Products" };

const COLUMNS = {
  name: "Name",
  price: "Price",
  stock: "Stock",
  sold: "Sold",
  link: "Link",
  created: "Created",
} as const;

export default async function ProductsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { page: pageParam } = await searchParams;
  const page = Math.max(1, Math.min(1_000_000, Number(pageParam) || 1));
  const session = await requireAdminSession();
  const result = toActionResult(
    await getProductsClient().listProducts(credentialsOf(session), { page, perPage: ADMIN_PAGE_SIZE }),
  );
  return (
    <>
      <div className="admin-page-head">
        <h1>Products</h1>
        <Link href="/admin/products/new" className="admin-button admin-button--primary">
          New product
        </Link>
      </div>
      <p className="admin-muted">Each product has a payment link: every visit opens a checkout of it.</p>
      {result.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {result.message}
        </p>
      ) : result.data.items.length === 0 ? (
        <EmptyState>
          <p>
            No products yet. <Link href="/admin/products/new">Create the first one</Link>.
          </p>
        </EmptyState>
      ) : (
        <>
          <TableRegion labelledBy="products-caption">
            <table className="admin-table">
              <caption id="products-caption" className="admin-visually-hidden">
                Products, newest first
              </caption>
              <ColumnHeaders columns={COLUMNS} />
              <tbody>
                {result.data.items.map((product) => (
                  <tr key={product.id}>
                    <th scope="row" data-label={COLUMNS.name}>
                      <Link href={`/admin/products/${product.id}`}>{product.name}</Link>
                    </th>
                    <td className="admin-number admin-table__lead" data-label={COLUMNS.price}>
                      {formatAmount(product.amount, product.currency)}
                    </td>
                    <td className="admin-number" data-label={COLUMNS.stock}>
                      {product.infinite ? "no limit" : product.quantity}
                    </td>
                    <td className="admin-number" data-label={COLUMNS.sold}>
                      {product.sold}
                    </td>
                    <td className="admin-table__lead" data-label={COLUMNS.link}>
                      <StatusBadge status={linkState(product)} />
                    </td>
                    <td data-label={COLUMNS.created}>{formatDateTime(product.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pagination
            label="Product"
            page={result.data.page}
            pageCount={result.data.pageCount}
            total={result.data.total}
            hrefFor={(target) => `/admin/products?page=${target}`}
          />
        </>
      )}
    </>
  );
}
