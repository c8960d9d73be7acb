import type { Metadata } from "next";
import { ShopperEmailsList } from "@/components/admin/emails/shopper-emails-list";
import { readPageFilters } from "@/lib/admin/filters";

export const metadata: Metadata = { title: "E-mails" };

export default async function EmailsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = readPageFilters(await searchParams);
  return (
    <>
      <h1>E-mails</h1>
      <ShopperEmailsList filters={filters} />
    </>
  );
}
