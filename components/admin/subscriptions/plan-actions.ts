"use server";

import { redirect } from "next/navigation";
import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import { planBodyFromForm, planFormErrors } from "@/lib/admin/plan-form";
import type { Plan } from "@/lib/contracts/subscription";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

/** "New plan": checked in the form's terms first, then by the gateway; its refusals go beside the fields. */
export async function createPlanAction(
  _previous: ActionResult<Plan> | null,
  form: FormData,
): Promise<ActionResult<Plan>> {
  const parsed = planBodyFromForm(form);
  if (!parsed.ok)
    return { status: "invalid", message: "Check the highlighted fields.", errors: parsed.errors };
  const result = await runAdminAction((credentials) =>
    getSubscriptionsClient().createPlan(credentials, parsed.body),
  );
  if (result.status === "invalid") return { ...result, errors: planFormErrors(result.errors) };
  if (result.status === "ok") redirect("/admin/plans?created=1");
  return result;
}
