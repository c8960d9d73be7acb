import type { Metadata } from "next";
import { Dashboard } from "@/components/admin/dashboard/dashboard";
import { DisputeSummary } from "@/components/admin/disputes/dispute-summary";
import { SubscriptionSummary } from "@/components/admin/subscriptions/subscription-summary";
import { readReportMode, readReportRange } from "@/lib/admin/report-range";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const search = new URLSearchParams();
  for (const name of ["from", "to", "test"]) {
    const value = params[name];
    if (typeof value === "string") search.set(name, value);
  }
  const range = { ...readReportRange(search, new Date()), test: readReportMode(search) };
  return (
    <>
      <h1>Dashboard</h1>
      <Dashboard range={range} />
      <SubscriptionSummary test={range.test} />
      <DisputeSummary test={range.test} />
    </>
  );
}
