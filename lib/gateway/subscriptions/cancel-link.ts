import { and, eq } from "drizzle-orm";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { SubscriptionCancelView, SubscriptionState } from "@/lib/contracts/subscription";
import { plans, type SubscriptionRow, shops, subscriptionCycles, subscriptions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { recordSubscriptionEvent } from "./events";
import { canTransition, lockSubscription, transition } from "./transitions";
import { CANCELABLE_STATES } from "./view";

const CANCEL_TOKEN = /^[0-9a-f]{64}$/;
/** The reason a cancel through the subscriber's own link records. */
export const CANCELED_BY_SUBSCRIBER = "Canceled by the subscriber";

/** The subscription a cancel link names; a malformed, forged or unknown token is a 404, as an unknown page. */
async function requireByToken(deps: Pick<GatewayDeps, "db">, token: string): Promise<SubscriptionRow> {
  if (!CANCEL_TOKEN.test(token)) throw new GatewayError("not_found");
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.cancelToken, token));
  if (!row) throw new GatewayError("not_found");
  return row;
}

async function viewOf(deps: Pick<GatewayDeps, "db">, row: SubscriptionRow): Promise<SubscriptionCancelView> {
  const [[plan], [shop], [paid]] = await Promise.all([
    deps.db.select().from(plans).where(eq(plans.id, row.planId)),
    deps.db
      .select({ name: shops.name, settings: shops.settings })
      .from(shops)
      .where(eq(shops.id, row.shopId)),
    deps.db
      .select({ n: subscriptionCycles.cycleNumber })
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.subscriptionId, row.id), eq(subscriptionCycles.state, "paid")))
      .limit(1),
  ]);
  const branding = shopSettingsSchema.parse(shop.settings).branding;
  const state = row.state as SubscriptionState;
  return {
    state,
    cancelable: CANCELABLE_STATES.includes(state),
    shop_name: branding.name ?? shop.name,
    brand_color: branding.color,
    plan: {
      title: plan.title,
      amount: plan.amount,
      currency: plan.currency,
      interval: plan.interval,
      interval_unit: plan.intervalUnit,
    },
    charged: paid !== undefined,
    active_to: row.activeTo?.toISOString() ?? null,
    language: row.language ?? plan.language,
    test: row.test,
  };
}

/** GET /subscription_cancels/{token}: what the subscriber's cancel page shows. */
export async function readCancelLink(
  deps: Pick<GatewayDeps, "db">,
  token: string,
): Promise<SubscriptionCancelView> {
  return viewOf(deps, await requireByToken(deps, token));
}

/**
 * POST /subscription_cancels/{token}: the subscriber cancels at the period's end — nothing more is charged, and
 * `active_to` keeps the date paid up to. Asked again (a second click, a reload), it answers the canceled
 * subscription and records nothing more; an ended one is answered as it is.
 */
export async function cancelByLink(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox">,
  token: string,
): Promise<SubscriptionCancelView> {
  const found = await requireByToken(deps, token);
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, found.id);
    const state = current.state as SubscriptionState;
    if (!CANCELABLE_STATES.includes(state) || !canTransition(state, "canceled")) return current;
    const updated = await transition(tx, {
      id: current.id,
      from: state,
      to: "canceled",
      set: { cancelReason: CANCELED_BY_SUBSCRIBER, cancelledAt: deps.clock.now(), renewAt: null },
    });
    if (!updated) throw new Error(`Subscription ${current.id} changed under its row lock`);
    await recordSubscriptionEvent(deps, tx, "subscription.canceled", updated);
    return updated;
  });
  deps.outbox.nudge();
  return viewOf(deps, row);
}
