"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { brandName, chargedAmount, formatDateTime, maskedCard, orDash } from "@/lib/admin/format";
import { isMoneyType, typeLabel } from "@/lib/admin/money-chain";
import { adminQueries } from "@/lib/admin/queries";
import type { MoneyResult } from "@/lib/contracts/money-result";
import type { Transaction } from "@/lib/contracts/transaction";
import { CopyId } from "../copy-id";
import { CustomerLink } from "../customers/customer-link";
import { ErrorState, LoadingState } from "../data-states";
import { TransactionEmails } from "../emails/transaction-emails";
import { StatusBadge } from "../status-badge";
import { NotificationDeliveries } from "./notification-deliveries";
import { TransactionChain } from "./transaction-chain";

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-details">
      {rows.map(([term, value]) => (
        <div key={term} className="admin-details__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="admin-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** 3-D Secure did not run when every field is null (shop setting, skip flag or smart-routing rule). */
function threeDSecureRan(transaction: Transaction): boolean {
  // Children (captures, voids, refunds) may carry no verification object at all.
  return Object.values(transaction.three_d_secure_verification ?? {}).some((value) => value !== null);
}

/** The acquirer's answer of a money transaction: the object named after its type (`payment`, `refund`, …). */
function acquirerAnswer(transaction: Transaction): MoneyResult | null {
  return isMoneyType(transaction.type) ? (transaction[transaction.type] ?? null) : null;
}

export function TransactionDetail({ uid }: { uid: string }) {
  const query = useQuery(adminQueries.transaction(uid));
  if (query.isPending) return <LoadingState label="the transaction" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const transaction = query.data;
  const card = transaction.credit_card;
  const threeDSecure = transaction.three_d_secure_verification;
  const money = isMoneyType(transaction.type);
  const answer = money ? acquirerAnswer(transaction) : null;
  const parentUid = transaction.parent_uid ?? null;

  const billing = transaction.billing_address;
  const customerName = [billing?.first_name, billing?.last_name].filter(Boolean).join(" ") || null;
  // What the merchant can still do with it: refund a payment or a capture that went through, act on an authorization.
  const actionable =
    transaction.status === "successful" && ["payment", "capture", "authorization"].includes(transaction.type);

  return (
    <>
      {/* The head: how much, whether it went through, for whom, and the action the merchant came for. */}
      <section aria-labelledby="transaction-head" className="admin-section admin-transaction-head">
        <h2 id="transaction-head" className="admin-visually-hidden">
          Overview
        </h2>
        <p className="admin-transaction-head__amount">{chargedAmount(transaction)}</p>
        <p className="admin-transaction-head__meta">
          <StatusBadge status={transaction.status} /> <span>{typeLabel(transaction.type)}</span>{" "}
          <span className="admin-muted">{formatDateTime(transaction.created_at)}</span>
        </p>
        {transaction.description ? (
          <p className="admin-transaction-head__description" dir="auto">
            {transaction.description}
          </p>
        ) : null}
        {actionable ? (
          <p>
            <a href="#transaction-money" className="admin-button admin-button--primary">
              {transaction.type === "authorization" ? "Capture or void" : "Refund"}
            </a>
          </p>
        ) : null}
      </section>

      <Section id="transaction-customer" title="Customer">
        {transaction.customer?.email || customerName ? (
          <Details
            rows={[
              [
                "Customer",
                <CustomerLink key="customer" email={transaction.customer?.email} name={customerName} />,
              ],
              ...(billing?.country || billing?.city
                ? ([["Location", [billing?.city, billing?.country].filter(Boolean).join(", ")]] as [
                    string,
                    ReactNode,
                  ][])
                : []),
              ...(billing?.phone ? ([["Phone", billing.phone]] as [string, ReactNode][]) : []),
              ...(transaction.customer?.ip
                ? ([["IP address", transaction.customer.ip]] as [string, ReactNode][])
                : []),
            ]}
          />
        ) : (
          <p>No customer details were sent with this transaction.</p>
        )}
      </Section>

      {money ? (
        <Section id="transaction-money" title="Money">
          {answer ? (
            <Details
              rows={[
                ["Acquirer's answer", orDash(answer.message)],
                ["Authorization code", orDash(answer.auth_code)],
                ["RRN", orDash(answer.rrn)],
                ["Reference", orDash(answer.ref_id)],
                ["Bank code", orDash(answer.bank_code)],
                ["Billing descriptor", orDash(answer.billing_descriptor)],
                ...(transaction.type === "refund"
                  ? ([["Reason", orDash((transaction as { reason?: string | null }).reason)]] as [
                      string,
                      ReactNode,
                    ][])
                  : []),
              ]}
            />
          ) : null}
          {/* A payout stands alone: nothing is captured, voided or refunded of it. */}
          {transaction.type === "credit" ? null : <TransactionChain uid={transaction.uid} />}
        </Section>
      ) : null}

      <Section id="transaction-summary" title="Summary">
        <Details
          rows={[
            ["Type", typeLabel(transaction.type)],
            ["Status", <StatusBadge key="status" status={transaction.status} />],
            ["Message", orDash(transaction.message)],
            ["Amount", chargedAmount(transaction)],
            [
              "Description",
              <span key="description" dir="auto">
                {transaction.description}
              </span>,
            ],
            ["Tracking id", orDash(transaction.tracking_id)],
            ["Transaction uid", <CopyId key="uid" id={transaction.uid} label="transaction id" />],
            ...(parentUid
              ? ([
                  [
                    "Parent",
                    <Link
                      key="parent"
                      href={`/admin/transactions/${parentUid}`}
                      className="admin-mono admin-break"
                    >
                      {parentUid}
                    </Link>,
                  ],
                ] as [string, ReactNode][])
              : []),
            ["Test", transaction.test ? "Yes" : "No"],
            ["Created", formatDateTime(transaction.created_at)],
            ["Updated", formatDateTime(transaction.updated_at)],
          ]}
        />
      </Section>

      <Section id="transaction-card" title="Card">
        <Details
          rows={[
            ["Card", maskedCard(card)],
            ["Brand", brandName(card.brand)],
            ["Expires", `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}`],
            ["Holder", orDash(card.holder)],
            ["Issuer", [card.issuer_name, card.issuer_country].filter(Boolean).join(", ") || "—"],
            ...(money
              ? []
              : ([
                  [
                    "Tokenization",
                    <StatusBadge key="tokenization" status={transaction.tokenization?.status} />,
                  ],
                ] as [string, ReactNode][])),
            ["Card token", (card as { token_issued?: boolean }).token_issued ? "Issued" : "None"],
          ]}
        />
      </Section>

      <Section id="transaction-3ds" title="3-D Secure">
        {threeDSecureRan(transaction) ? (
          <Details
            rows={[
              ["Result", <StatusBadge key="3ds" status={threeDSecure.status ?? "pending"} />],
              ["Message", orDash(threeDSecure.message)],
              ["Enrolment (VEres)", orDash(threeDSecure.ve_status)],
              ["Authentication (PARes)", orDash(threeDSecure.pa_status)],
              ["ECI", orDash(threeDSecure.eci)],
              ["Failure reason", orDash(threeDSecure.fail_reason)],
            ]}
          />
        ) : (
          <p>3-D Secure did not run for this transaction.</p>
        )}
      </Section>

      <Section id="transaction-routing" title="Smart routing">
        <Details
          rows={[
            ["Result", <StatusBadge key="routing" status={transaction.smart_routing_verification.status} />],
          ]}
        />
        <p className="admin-muted">
          {transaction.smart_routing_verification.status === "skipped"
            ? "The shop has no smart-routing rules."
            : transaction.smart_routing_verification.status === "failed"
              ? "A decline rule matched this transaction."
              : "The rules were checked and let the transaction through."}
        </p>
      </Section>

      <Section id="transaction-notifications" title="Webhook deliveries">
        <NotificationDeliveries transaction={transaction} />
      </Section>

      <Section id="transaction-emails" title="E-mails to the shopper">
        <TransactionEmails uid={transaction.uid} />
      </Section>
    </>
  );
}
