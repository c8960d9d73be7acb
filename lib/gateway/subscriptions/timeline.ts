import { and, desc, eq } from "drizzle-orm";
import type { SubscriptionTimeline } from "@/lib/contracts/subscription";
import { shopperEmails, subscriptionEvents } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { requireSubscriptionRow } from "./require-subscription";

/** How many of each (events, e-mails) the timeline shows: the latest. */
const TIMELINE_LIMIT = 200;

/** GET /subscriptions/{id}/timeline: its events and its subscriber's e-mails, oldest first. */
export async function subscriptionTimeline(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  id: string;
}): Promise<SubscriptionTimeline> {
  const { deps, shopId, id } = options;
  await requireSubscriptionRow(deps, shopId, id);
  const [events, emails] = await Promise.all([
    deps.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, id))
      .orderBy(desc(subscriptionEvents.id))
      .limit(TIMELINE_LIMIT),
    deps.db
      .select({
        id: shopperEmails.id,
        kind: shopperEmails.kind,
        status: shopperEmails.status,
        createdAt: shopperEmails.createdAt,
      })
      .from(shopperEmails)
      .where(and(eq(shopperEmails.subscriptionId, id), eq(shopperEmails.shopId, shopId)))
      .orderBy(desc(shopperEmails.createdAt))
      .limit(TIMELINE_LIMIT),
  ]);
  const timeline = [
    ...events.map((event) => ({
      at: event.createdAt,
      order: 0,
      item: {
        at: event.createdAt.toISOString(),
        type: "event" as const,
        name: event.event,
        state: event.state,
        email_id: null,
        status: null,
      },
    })),
    ...emails.map((email) => ({
      at: email.createdAt,
      // An event and the e-mail it sent share their moment: the event first.
      order: 1,
      item: {
        at: email.createdAt.toISOString(),
        type: "email" as const,
        name: email.kind,
        state: null,
        email_id: email.id,
        status: email.status,
      },
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)
    .map((entry) => entry.item);
  return { timeline };
}
