import type { Metadata } from "next";
import Link from "next/link";
import { PaymentDisputes } from "@/components/admin/disputes/payment-disputes";
import { TransactionDetail } from "@/components/admin/transactions/transaction-detail";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/transactions">Transactions</Link>
      </p>
      <h1>Transaction</h1>
      <TransactionDetail uid={uid} />
      <PaymentDisputes uid={uid} />
    </>
  );
}
