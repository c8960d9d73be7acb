import type { Metadata } from "next";
import { CheckoutsList } from "@/components/admin/checkouts/checkouts-list";
import { readPageFilters } from "@/lib/admin/filters";

export const metadata: Metadata = { title: "Checkout sessions" };

export default async function CheckoutsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = readPageFilters(await searchParams);
  return (
    <>
      <h1>Checkout sessions</h1>
      <CheckoutsList filters={filters} />
    </>
  );
}
