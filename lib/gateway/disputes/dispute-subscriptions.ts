import { eq } from "drizzle-orm";
import type { SubscriptionState } from "@/lib/contracts/subscription";
import { type DisputeRow, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { recordSubscriptionEvent } from "../subscriptions/events";
import { canTransition, transition } from "../subscriptions/transitions";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { shownOwnBody } from "../transactions/transaction-view";
import type { ChargeRow } from "./disputed-charge";

/** The reason recorded on a subscription a fraud dispute ended. */
export const FRAUD_DISPUTE_CANCEL_REASON = "Canceled: the cardholder's bank disputed a payment as fraudulent";

/**
 * A fraud dispute of a subscription's payment says the cardholder did not agree to it: charging the card again would
 * bring the next dispute. The subscription is canceled in the dispute's own transaction, with its reason and its
 * `subscription.canceled` event, unless the shop turned `cancel_subscriptions_on_fraud_dispute` off.
 */
export async function cancelSubscriptionForFraud(
  deps: Pick<GatewayDeps, "keyring" | "config" | "logger" | "clock">,
  tx: DatabaseTransaction,
  charge: ChargeRow,
  dispute: Pick<DisputeRow, "id">,
): Promise<boolean> {
  const subscriptionId = shownOwnBody(charge).subscription_id;
  if (!subscriptionId) return false;
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for("update");
  if (!current) return false;
  const state = current.state as SubscriptionState;
  if (!canTransition(state, "canceled")) return false;
  const updated = await transition(tx, {
    id: current.id,
    from: state,
    to: "canceled",
    set: { cancelReason: FRAUD_DISPUTE_CANCEL_REASON, cancelledAt: deps.clock.now(), renewAt: null },
  });
  if (!updated) return false;
  deps.logger.info(
    { subscriptionId: current.id, disputeId: dispute.id },
    "subscription canceled by a fraud dispute",
  );
  await recordSubscriptionEvent(deps, tx, "subscription.canceled", updated);
  return true;
}
