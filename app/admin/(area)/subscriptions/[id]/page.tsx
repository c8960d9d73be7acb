import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CopyLink } from "@/components/admin/products/copy-link";
import { StatusBadge } from "@/components/admin/status-badge";
import { CancelSubscription } from "@/components/admin/subscriptions/cancel-subscription";
import { SubscriptionActions } from "@/components/admin/subscriptions/subscription-actions";
import { SubscriptionStateBadge } from "@/components/admin/subscriptions/subscription-state-badge";
import { ColumnHeaders } from "@/components/admin/table-columns";
import { TableRegion } from "@/components/admin/table-region";
import { toActionResult } from "@/lib/admin/action-result";
import { chargedAmount, formatAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getMerchantClient } from "@/lib/gateway-client/merchant";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

export const metadata: Metadata = { title: "Subscription" };

const FINISHED = new Set(["canceled", "failed", "error", "expired"]);
/** Payments shown here; the rest are a link away in Transactions. */
const PAYMENTS_SHOWN = 50;
/** Plans offered for a plan change: the newest. */
const PLANS_OFFERED = 100;

const PAYMENT_COLUMNS = {
  transaction: "Transaction",
  cycle: "Cycle",
  amount: "Amount",
  status: "Status",
  created: "Created",
} as const;

export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const credentials = credentialsOf(await requireAdminSession());
  const [found, paymentsResult, chargesResult, timelineResult, plansResult] = await Promise.all([
    getSubscriptionsClient().getSubscription(credentials, id),
    getMerchantClient().listTransactions(credentials, { subscriptionId: id, perPage: PAYMENTS_SHOWN }),
    getSubscriptionsClient().subscriptionCharges(credentials, id),
    getSubscriptionsClient().subscriptionTimeline(credentials, id),
    getSubscriptionsClient().listPlans(credentials, { perPage: PLANS_OFFERED }),
  ]);
  if (!found.ok && found.kind === "not_found") notFound();
  const subscription = toActionResult(found);
  const payments = toActionResult(paymentsResult);
  const timeline = toActionResult(timelineResult);
  const customerId = subscription.status === "ok" ? subscription.data.customer?.id : undefined;
  const customerResult = customerId ? await getMerchantClient().getCustomer(credentials, customerId) : null;
  const customer = customerResult?.ok ? customerResult.data : null;
  // The plans it may change to: the shop's of its currency, test plans for a test subscription.
  const plans =
    subscription.status === "ok" && plansResult.ok
      ? plansResult.data.items
          .filter(
            (plan) =>
              plan.currency === subscription.data.plan.currency && (!subscription.data.test || plan.test),
          )
          .map((plan) => ({
            id: plan.id,
            title: plan.title,
            price: formatAmount(plan.plan.amount, plan.currency),
          }))
      : [];
  // What each payment was for, as the gateway stored it: a billing cycle's number, or a plan change.
  const chargeFor = new Map(
    chargesResult.ok
      ? chargesResult.data.charges.map((charge) => [
          charge.uid,
          charge.kind === "plan_change" ? "Plan change" : String(charge.billing_cycle),
        ])
      : [],
  );
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

                ["Card", subscription.data.card ? maskedCard(subscription.data.card) : "—"],
                [
                  "Pending plan",
                  subscription.data.pending_plan
                    ? `${plans.find((plan) => plan.id === subscription.data.pending_plan?.id)?.title ?? subscription.data.pending_plan.id} from the next renewal`
                    : "—",
                ],
                ["Paused", subscription.data.paused_at ? formatDateTime(subscription.data.paused_at) : "—"],
                ["Resumes", subscription.data.resume_at ? formatDateTime(subscription.data.resume_at) : "—"],
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
                <SubscriptionStateBadge state={subscription.data.state} />
              </dd>
            </div>
            <div className="admin-details__row">
              <dt>Subscriber</dt>
              <dd>
                {customerId ? (
                  <Link href={`/admin/customers/${customerId}`}>
                    {customer
                      ? [[customer.first_name, customer.last_name].filter(Boolean).join(" "), customer.email]
                          .filter(Boolean)
                          .join(" · ")
                      : customerId}
                  </Link>
                ) : (
                  "— (awaiting the first payment)"
                )}
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
                    <ColumnHeaders columns={PAYMENT_COLUMNS} />
                    <tbody>
                      {payments.data.items.map((transaction) => (
                        <tr key={transaction.uid}>
                          <th scope="row" data-label={PAYMENT_COLUMNS.transaction}>
                            <Link href={`/admin/transactions/${transaction.uid}`} className="admin-uid">
                              {transaction.uid}
                            </Link>
                          </th>
                          <td className="admin-number" data-label={PAYMENT_COLUMNS.cycle}>
                            {orDash(chargeFor.get(transaction.uid))}
                          </td>
                          <td className="admin-number admin-table__lead" data-label={PAYMENT_COLUMNS.amount}>
                            {chargedAmount(transaction)}
                          </td>
                          <td className="admin-table__lead" data-label={PAYMENT_COLUMNS.status}>
                            <StatusBadge status={transaction.status} />
                          </td>
                          <td data-label={PAYMENT_COLUMNS.created}>
                            {formatDateTime(transaction.created_at)}
                          </td>
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

          <section className="admin-section" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="admin-subheading">
              Timeline
            </h2>
            {timeline.status !== "ok" ? (
              <p className="admin-alert admin-alert--error" role="alert">
                {timeline.message}
              </p>
            ) : timeline.data.timeline.length === 0 ? (
              <p className="admin-muted">Nothing recorded yet.</p>
            ) : (
              <ol className="admin-timeline" id="subscription-timeline">
                {timeline.data.timeline.map((entry, index) => (
                  <li key={`${entry.type}-${entry.email_id ?? index}`}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>{" "}
                    {entry.type === "event" ? (
                      <>
                        Event <code>{entry.name}</code> → <SubscriptionStateBadge state={entry.state ?? ""} />
                      </>
                    ) : (
                      <>
                        E-mail{" "}
                        <Link href={`/admin/emails/${entry.email_id}`}>
                          {entry.name.replaceAll("_", " ")}
                        </Link>{" "}
                        <StatusBadge status={entry.status} />
                      </>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>

          {FINISHED.has(subscription.data.state) ? null : (
            <section className="admin-section" aria-labelledby="manage-heading">
              <h2 id="manage-heading" className="admin-subheading">
                Plan, pause and resume
              </h2>
              <SubscriptionActions
                id={subscription.data.id}
                state={subscription.data.state}
                currentPlanId={subscription.data.plan.id}
                plans={plans}
              />
            </section>
          )}

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
