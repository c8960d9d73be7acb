"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatAmount, formatDateTime, orDash } from "@/lib/admin/format";
import { type ChainNode, findNode, flattenChain, moneyPosition, typeLabel } from "@/lib/admin/money-chain";
import { adminQueries } from "@/lib/admin/queries";
import type { Transaction } from "@/lib/contracts/transaction";
import { ErrorState, LoadingState } from "../data-states";
import { StatusBadge } from "../status-badge";
import { ColumnHeaders } from "../table-columns";
import { TableRegion } from "../table-region";
import { MoneyActions } from "./money-actions";

const COLUMNS = {
  type: "Type",
  amount: "Amount",
  status: "Status",
  message: "Message",
  created: "Created",
} as const;

function Remaining({ node }: { node: ChainNode<Transaction> }) {
  const { transaction } = node;
  const { type } = transaction;
  const position = moneyPosition(node);
  const money = (amount: number) => formatAmount(amount, position.currency);
  const rows: [string, string][] =
    type === "authorization"
      ? [
          ["Authorized", money(position.amount)],
          ["Captured", money(position.captured)],
          ["Voided", money(position.voided)],
          ["Can still be captured", money(position.capturable)],
          ...(position.expiresAt
            ? ([
                [position.expired ? "Expired" : "Can be captured until", formatDateTime(position.expiresAt)],
              ] as [string, string][])
            : []),
        ]
      : [
          [type === "capture" ? "Captured" : "Paid", money(position.amount)],
          ["Refunded", money(position.refunded)],
          ["Can still be refunded", money(position.refundable)],
        ];
  return (
    <dl className="admin-details">
      {rows.map(([term, value]) => (
        <div key={term} className="admin-details__row">
          <dt>{term}</dt>
          <dd className="admin-number">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ChainTable({ root, uid }: { root: ChainNode<Transaction>; uid: string }) {
  const rows = flattenChain(root);
  return (
    <TableRegion labelledBy="chain-caption">
      <table className="admin-table">
        <caption id="chain-caption" className="admin-visually-hidden">
          Transactions of this chain, each under its parent
        </caption>
        <ColumnHeaders columns={COLUMNS} />
        <tbody>
          {rows.map(({ node, depth }) => {
            const { transaction } = node;
            const current = transaction.uid === uid;
            const label = `${typeLabel(transaction.type)} ${formatAmount(transaction.amount, transaction.currency)}`;
            return (
              <tr key={transaction.uid} aria-current={current ? "true" : undefined}>
                <th
                  scope="row"
                  className={`admin-chain__type admin-chain__type--depth-${Math.min(depth, 2)}`}
                  data-label={COLUMNS.type}
                >
                  {depth > 0 ? <span aria-hidden="true">↳ </span> : null}
                  {current ? (
                    <strong>
                      {typeLabel(transaction.type)} <span className="admin-muted">(this transaction)</span>
                    </strong>
                  ) : (
                    <Link href={`/admin/transactions/${transaction.uid}`} aria-label={label}>
                      {typeLabel(transaction.type)}
                    </Link>
                  )}
                </th>
                <td className="admin-number admin-table__lead" data-label={COLUMNS.amount}>
                  {formatAmount(transaction.amount, transaction.currency)}
                </td>
                <td className="admin-table__lead" data-label={COLUMNS.status}>
                  <StatusBadge status={transaction.status} />
                </td>
                <td data-label={COLUMNS.message}>{orDash(transaction.message)}</td>
                <td data-label={COLUMNS.created}>{formatDateTime(transaction.created_at)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}

/**
 * The money side of a transaction's page: what is left to capture or refund, the merchant's actions, and the
 * whole chain from the authorization or payment down to its refunds.
 */
export function TransactionChain({ uid }: { uid: string }) {
  const query = useQuery(adminQueries.chain(uid));
  if (query.isPending) return <LoadingState label="the chain of this transaction" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const root = query.data;
  const node = findNode(root, uid);
  const hasMoney = node && ["authorization", "payment", "capture"].includes(node.transaction.type);
  return (
    <>
      {node && hasMoney ? (
        <>
          <Remaining node={node} />
          <MoneyActions node={node} />
        </>
      ) : null}
      <h3 className="admin-subheading">Chain</h3>
      {root.children.length === 0 && root.transaction.uid === uid ? (
        <p>Nothing has been captured, voided or refunded from this transaction yet.</p>
      ) : (
        <ChainTable root={root} uid={uid} />
      )}
    </>
  );
}
