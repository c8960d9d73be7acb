"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import type { Proration, Subscription } from "@/lib/contracts/subscription";
import { getSubscriptionsClient } from "@/lib/gateway-client/subscriptions";

/** Cancels a subscription with the merchant's reason: it is never charged again. */
export async function cancelSubscriptionAction(
  id: string,
  reason: string,
): Promise<ActionResult<Subscription>> {
  if (typeof id !== "string" || typeof reason !== "string")
    return { status: "failed", message: "Not a subscription." };
  return runAdminAction((credentials) =>
    getSubscriptionsClient().cancelSubscription(credentials, id, reason.trim()),
  );
}

const SUBSCRIPTION_ID = /^sbs_[0-9a-f]{16}$/;
const NOT_A_SUBSCRIPTION = { status: "failed", message: "Not a subscription." } as const;

/** Changes its plan: at the next renewal, or now (an upgrade's prorated difference charged once). */
export async function changePlanAction(
  id: string,
  planId: string,
  proration: string,
): Promise<ActionResult<Subscription>> {
  if (typeof id !== "string" || !SUBSCRIPTION_ID.test(id) || typeof planId !== "string")
    return NOT_A_SUBSCRIPTION;
  const chosen: Proration = proration === "now" ? "now" : "next_cycle";
  return runAdminAction((credentials) =>
    getSubscriptionsClient().changePlan(credentials, id, planId, chosen),
  );
}

/** Pauses it (until `resumeAt`, an ISO time, or until resumed): nothing is charged while paused. */
export async function pauseSubscriptionAction(
  id: string,
  resumeAt: string | null,
): Promise<ActionResult<Subscription>> {
  if (typeof id !== "string" || !SUBSCRIPTION_ID.test(id)) return NOT_A_SUBSCRIPTION;
  const at = typeof resumeAt === "string" && resumeAt.trim() !== "" ? resumeAt.trim() : null;
  return runAdminAction((credentials) => getSubscriptionsClient().pauseSubscription(credentials, id, at));
}

/** Resumes it now: the next charge at the first anniversary of its billing anchor after. */
export async function resumeSubscriptionAction(id: string): Promise<ActionResult<Subscription>> {
  if (typeof id !== "string" || !SUBSCRIPTION_ID.test(id)) return NOT_A_SUBSCRIPTION;
  return runAdminAction((credentials) => getSubscriptionsClient().resumeSubscription(credentials, id));
}
