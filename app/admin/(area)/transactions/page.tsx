import type { Metadata } from "next";
import { TransactionsList } from "@/components/admin/transactions/transactions-list";
import { readTransactionFilters } from "@/lib/admin/filters";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = readTransactionFilters(await searchParams);
  return (
    <>
      <h1>Transactions</h1>
      <TransactionsList filters={filters} />
    </>
  );
}
