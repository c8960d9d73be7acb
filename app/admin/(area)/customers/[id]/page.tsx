import type { Metadata } from "next";
import Link from "next/link";
import { CustomerDetail } from "@/components/admin/customers/customer-detail";

export const metadata: Metadata = { title: "Customer" };

export default async function CustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const [{ id }, { created }] = await Promise.all([params, searchParams]);
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/customers">Customers</Link>
      </p>
      <h1>Customer</h1>
      <CustomerDetail id={id} justCreated={created === "1"} />
    </>
  );
}
