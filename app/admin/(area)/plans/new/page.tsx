import type { Metadata } from "next";
import Link from "next/link";
import { PlanForm } from "@/components/admin/subscriptions/plan-form";

export const metadata: Metadata = { title: "New plan" };

export default function NewPlanPage() {
  return (
    <>
      <p className="admin-breadcrumb">
        <Link href="/admin/plans">Plans</Link>
      </p>
      <h1 id="new-plan-title">New plan</h1>
      <PlanForm />
    </>
  );
}
