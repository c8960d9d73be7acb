"use server";

import { notFound, redirect } from "next/navigation";
import { CANCEL_TOKEN_PATTERN } from "@/lib/checkout/subscription-cancel";
import { getSubscriptionCancelClient } from "@/lib/gateway-client/subscriptions";

/**
 * The one confirmation of the subscriber's cancel page: a public POST endpoint like every server action, so it
 * checks the token's shape and leaves the decision to the gateway (which cancels once, however often it is asked).
 * Back to the page, which then shows the subscription canceled.
 */
export async function cancelSubscriptionByLink(token: string): Promise<void> {
  if (!CANCEL_TOKEN_PATTERN.test(token)) notFound();
  const result = await getSubscriptionCancelClient().cancel(token);
  if (!result.ok && result.kind === "not_found") notFound();
  redirect(`/subscription/cancel/${token}${result.ok ? "" : "?failed=1"}`);
}
