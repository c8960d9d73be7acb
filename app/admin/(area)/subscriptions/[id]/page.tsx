import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CopyLink } from "@/components/admin/products/copy-link";
import { StatusBadge } from "@/components/admin/status-badge";
import { CancelSubscription } from "@/components/admin/subscriptions/cancel-subscription";
import { toActionResult } from "@/lib/admin/action-result";
import { formatAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { credentialsOf, requireAdminSession } from "@/lib/admin/session";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

export const metadata: Metadata = { title: "Subscription" };

const FINISHED = new Set(["canceled", "failed", "error", "expired"]);

export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const credentials = credentialsOf(await requireAdminSession());
  const found = await getSubscriptionsClient().getSubscription(credentials, id);
  if (!found.ok && found.kind === "not_found") notFound();
  const subscription = toActionResult(found);
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
