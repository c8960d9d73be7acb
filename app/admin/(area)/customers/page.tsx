import type { Metadata } from "next";
import Link from "next/link";
import { CustomersList } from "@/components/admin/customers/customers-list";
import { readCustomerFilters } from "@/lib/admin/filters";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = readCustomerFilters(await searchParams);
  return (
    <>
      <div className="admin-page-head">
        <h1>Customers</h1>
        <Link href="/admin/customers/new" className="admin-button admin-button--primary">
          New customer
        </Link>
      </div>
      <CustomersList filters={filters} />
    </>
  );
}
