import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CopyLink } from "@/components/admin/products/copy-link";
import { ProductActiveToggle } from "@/components/admin/products/product-active-toggle";
import { StatusBadge } from "@/components/admin/status-badge";
import { ColumnHeaders } from "@/components/admin/table-columns";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { chargedAmount, formatAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { linkState } from "@/lib/admin/product-state";
import { qrCodeDataUrl } from "@/lib/admin/qr-code";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getMerchantClient } from "@/lib/gateway-client/merchant";
import { getProductsClient } from "@/lib/gateway-client/products";

export const metadata: Metadata = { title: "Product" };

const PAYMENT_COLUMNS = {
  transaction: "Transaction",
  status: "Status",
  amount: "Amount",
  card: "Card",
  created: "Created",
} as const;

export default async function ProductPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const [{ id }, { created }] = await Promise.all([params, searchParams]);
  const credentials = credentialsOf(await requireAdminSession());
  const [productResult, paymentsResult] = await Promise.all([
    getProductsClient().getProduct(credentials, id),
    // The payments through the link carry the product's id as their tracking id.
    getMerchantClient().listTransactions(credentials, { trackingId: id, perPage: 20 }),
  ]);
  if (!productResult.ok && productResult.kind === "not_found") notFound();
  const product = toActionResult(productResult);
  const payments = toActionResult(paymentsResult);
  const qrCode = product.status === "ok" ? await qrCodeDataUrl(product.data.pay_url) : null;

  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/products">Products</Link>
      </p>
      <h1>Product</h1>
      {product.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {product.message}
        </p>
      ) : (
        <>
          {created === "1" ? (
            <p className="admin-alert admin-alert--success" role="status">
              Product created. Share its payment link.
            </p>
          ) : null}
          <h2 className="admin-subtitle">{product.data.name}</h2>
          <dl className="admin-details">
            {(
              [
                ["Description", product.data.description],
                ["Price", formatAmount(product.data.amount, product.data.currency)],
                ["Stock", product.data.infinite ? "no limit" : String(product.data.quantity)],
                ["Sold", String(product.data.sold)],
                [
                  "Payment",
                  product.data.transaction_type === "payment" ? "charge at once" : "authorize only",
                ],
                ["Sells until", product.data.expired_at ? formatDateTime(product.data.expired_at) : "no end"],
                ["Test", product.data.test ? "yes" : "no"],
                ["Id", product.data.id],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="admin-details__row">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div className="admin-details__row">
              <dt>Link</dt>
              <dd>
                <StatusBadge status={linkState(product.data)} />
              </dd>
            </div>
          </dl>

          <section className="admin-section" aria-labelledby="link-heading">
            <h2 id="link-heading" className="admin-subheading">
              Payment link
            </h2>
            <CopyLink url={product.data.pay_url} id="product-link" />
            <figure className="admin-figure">
              {/* biome-ignore lint/performance/noImgElement: a data URL drawn on the server; nothing to optimise. */}
              <img
                src={qrCode ?? undefined}
                width={192}
                height={192}
                alt={`QR code of the payment link ${product.data.pay_url}`}
              />
              <figcaption>
                <a href={qrCode ?? undefined} download={`${product.data.id}-qr.svg`}>
                  Download the QR code (SVG)
                </a>
              </figcaption>
            </figure>
            <ProductActiveToggle id={product.data.id} active={product.data.active} />
          </section>
        </>
      )}

      <section className="admin-section" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="admin-subheading">
          Payments through the link
        </h2>
        {payments.status !== "ok" ? (
          <p className="admin-alert admin-alert--error" role="alert">
            {payments.message}
          </p>
        ) : payments.data.items.length === 0 ? (
          <p className="admin-muted">No payments yet.</p>
        ) : (
          <>
            <TableRegion labelledBy="product-payments-caption">
              <table className="admin-table">
                <caption id="product-payments-caption" className="admin-visually-hidden">
                  Payments through this product's link, newest first
                </caption>
                <ColumnHeaders columns={PAYMENT_COLUMNS} />
                <tbody>
                  {payments.data.items.map((transaction) => (
                    <tr key={transaction.uid}>
                      <th scope="row" data-label={PAYMENT_COLUMNS.transaction}>
                        <Link href={`/admin/transactions/${transaction.uid}`} className="admin-uid">
                          {transaction.uid}
                        </Link>
                      </th>
                      <td className="admin-table__lead" data-label={PAYMENT_COLUMNS.status}>
                        <StatusBadge status={transaction.status} />
                      </td>
                      <td className="admin-number admin-table__lead" data-label={PAYMENT_COLUMNS.amount}>
                        {chargedAmount(transaction)}
                      </td>
                      <td data-label={PAYMENT_COLUMNS.card}>{orDash(maskedCard(transaction.credit_card))}</td>
                      <td data-label={PAYMENT_COLUMNS.created}>{formatDateTime(transaction.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <p>
              <Link href={`/admin/transactions?tracking_id=${encodeURIComponent(id)}`}>
                All {payments.data.total} payments of this product in Transactions
              </Link>
            </p>
          </>
        )}
      </section>
    </>
  );
}
