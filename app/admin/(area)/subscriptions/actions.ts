"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import type { Subscription } from "@/lib/contracts/subscription";
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
