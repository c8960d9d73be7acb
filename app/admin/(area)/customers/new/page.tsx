import type { Metadata } from "next";
import Link from "next/link";
import { CustomerForm } from "@/components/admin/customers/customer-form";
import { countryOptions, regionOptions } from "@/lib/checkout/places";

export const metadata: Metadata = { title: "New customer" };

export default function NewCustomerPage() {
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/customers">Customers</Link>
      </p>
      <h1 id="new-customer-title">New customer</h1>
      <CustomerForm countries={countryOptions("en")} regions={regionOptions("en")} />
    </>
  );
}
