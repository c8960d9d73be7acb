import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CopyLink } from "@/components/admin/products/copy-link";
import { StatusBadge } from "@/components/admin/status-badge";
import { CancelSubscription } from "@/components/admin/subscriptions/cancel-subscription";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { billingCyclesOf } from "@/lib/admin/subscription-payments";
import { getMerchantClient } from "@/lib/gateway-client/merchant";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

export const metadata: Metadata = { title: "Subscription" };

const FINISHED = new Set(["canceled", "failed", "error", "expired"]);
/** Payments shown here; the rest are a link away in Transactions. */
const PAYMENTS_SHOWN = 50;

export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const credentials = credentialsOf(await requireAdminSession());
  const [found, paymentsResult] = await Promise.all([
    getSubscriptionsClient().getSubscription(credentials, id),
    getMerchantClient().listTransactions(credentials, { subscriptionId: id, perPage: PAYMENTS_SHOWN }),
  ]);
  if (!found.ok && found.kind === "not_found") notFound();
  const subscription = toActionResult(found);
  const payments = toActionResult(paymentsResult);
  const cycles =
    subscription.status === "ok" && payments.status === "ok"
      ? billingCyclesOf(
          subscription.data,
          payments.data.items.map((transaction) => transaction.uid),
        )
      : new Map<string, number>();
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/subscriptions">Subscriptions</Link>
      </p>
      <h1>Subscription</h1>
      {subscription.status !== "ok" ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {subscription.message}
        </p>
      ) : (
        <>
          <h2 className="admin-subtitle">{subscription.data.plan.title}</h2>
          <dl className="admin-details">
            {(
              [
                ["Id", subscription.data.id],
                ["Terms", subscription.data.plan.description],
                ["Price", formatAmount(subscription.data.plan.plan.amount, subscription.data.plan.currency)],
                ["Customer", orDash(subscription.data.customer?.id)],
                ["Card", subscription.data.card ? maskedCard(subscription.data.card) : "—"],
                ["Paid cycles", String(subscription.data.paid_billing_cycles)],
                ["Failed attempts", String(subscription.data.number_failed_payment_attempts)],
                [
                  "Next charge due",
                  subscription.data.renew_at ? formatDateTime(subscription.data.renew_at) : "none",
                ],
                [
                  "Paid up to",
                  subscription.data.active_to ? formatDateTime(subscription.data.active_to) : "—",
                ],
                [
                  "Canceled",
                  subscription.data.cancelled_at ? formatDateTime(subscription.data.cancelled_at) : "—",
                ],
                ["Cancel reason", orDash(subscription.data.cancel_reason)],
                ["Test", subscription.data.test ? "yes" : "no"],
                ["Created", formatDateTime(subscription.data.created_at)],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="admin-details__row">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div className="admin-details__row">
              <dt>State</dt>
              <dd>
                <StatusBadge status={subscription.data.state} />
              </dd>
            </div>
            <div className="admin-details__row">
              <dt>Last payment</dt>
              <dd>
                {subscription.data.last_transaction ? (
                  <Link href={`/admin/transactions/${subscription.data.last_transaction.uid}`}>
                    {subscription.data.last_transaction.uid}
                  </Link>
                ) : (
                  "—"
                )}
              </dd>
            </div>
          </dl>

          <section className="admin-section" aria-labelledby="next-renewal-heading">
            <h2 id="next-renewal-heading" className="admin-subheading">
              Next renewal
            </h2>
            {subscription.data.renew_at ? (
              <p id="next-renewal">
                Due {formatDateTime(subscription.data.renew_at)}:{" "}
                {formatAmount(subscription.data.plan.plan.amount, subscription.data.plan.currency)}
              </p>
            ) : (
              <p className="admin-muted">None: nothing more will be charged.</p>
            )}
          </section>

          <section className="admin-section" aria-labelledby="payments-heading">
            <h2 id="payments-heading" className="admin-subheading">
              Payments
            </h2>
            {payments.status !== "ok" ? (
              <p className="admin-alert admin-alert--error" role="alert">
                {payments.message}
              </p>
            ) : payments.data.items.length === 0 ? (
              <p className="admin-muted">No payments yet.</p>
            ) : (
              <>
                <TableRegion labelledBy="subscription-payments-caption">
                  <table className="admin-table" id="subscription-payments">
                    <caption id="subscription-payments-caption" className="admin-visually-hidden">
                      The subscription's first payment and renewals, newest first
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Transaction</th>
                        <th scope="col">Cycle</th>
                        <th scope="col">Amount</th>
                        <th scope="col">Status</th>
                        <th scope="col">Created</th>
                      </tr>
                    </thead>
                    <tbody>
                      {payments.data.items.map((transaction) => (
                        <tr key={transaction.uid}>
                          <th scope="row">
                            <Link href={`/admin/transactions/${transaction.uid}`} className="admin-uid">
                              {transaction.uid}
                            </Link>
                          </th>
                          <td className="admin-number">{orDash(cycles.get(transaction.uid))}</td>
                          <td className="admin-number">
                            {formatAmount(transaction.amount, transaction.currency)}
                          </td>
                          <td>
                            <StatusBadge status={transaction.status} />
                          </td>
                          <td>{formatDateTime(transaction.created_at)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
                {payments.data.total > payments.data.items.length ? (
                  <p>All {payments.data.total} payments are in Transactions.</p>
                ) : null}
              </>
            )}
          </section>

          {subscription.data.card_update_url ? (
            <section className="admin-section" aria-labelledby="card-update-heading">
              <h2 id="card-update-heading" className="admin-subheading">
                Card update link
              </h2>
              <p className="admin-muted">
                Send it to the customer: it lets them store a new card, no sign-in needed.
              </p>
              <CopyLink url={subscription.data.card_update_url} id="card-update-link" />
            </section>
          ) : null}

          {FINISHED.has(subscription.data.state) ? null : (
            <section className="admin-section" aria-labelledby="cancel-heading">
              <h2 id="cancel-heading" className="admin-subheading">
                Cancel
              </h2>
              <CancelSubscription id={subscription.data.id} />
            </section>
          )}
        </>
      )}
    </>
  );
}
