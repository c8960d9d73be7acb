import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import type { Language } from "@/lib/contracts/languages";
import { PLAN_ID_PATTERN } from "@/lib/contracts/subscription";
import { plans, subscriptions } from "@/lib/db/schema";
import { checkoutRedirectUrl } from "../checkouts/create-checkout";
import { linkLanguage } from "../checkouts/open-payment-link";
import type { GatewayDeps } from "../context";
import { linkOpenRetryAfter } from "../rate-limit-links";
import { generateSubscriptionId } from "../subscriptions/ids";
import { planOutOfBounds } from "../subscriptions/plans";
import { startSubscriptionCheckout } from "../subscriptions/subscription-checkout";

/** What a visit to a plan's pay_url leads to. */
export type PlanLinkVisit =
  | { kind: "checkout"; redirectUrl: string }
  | { kind: "not_found"; language: Language }
  | { kind: "busy"; language: Language; retryAfterSeconds: number };

/** The customer details the hosted page asks of a shopper who subscribes through the link. */
export const PLAN_LINK_CUSTOMER_FIELDS: CheckoutCustomerField[] = ["email", "first_name", "last_name"];

/**
 * GET /plans/{id}/pay (the plan's `pay_url`): every visit opens a redirecting subscription of the plan with its own
 * hosted page (as POST /subscriptions without a card does), then the browser goes there. Anyone may open the link,
 * and each visit writes rows: one client address may open payment and plan links `LINK_OPENS_PER_ADDRESS` times in ten
 * minutes, then gets a page that says so (`busy`, nothing written); an unknown plan writes nothing either. The subscription has no
 * customer yet: the page asks the shopper's e-mail and name, and the customer is made from them when the first
 * payment (or, for a free trial, the card's storing) succeeds. A page left unpaid expires with its subscription.
 * The plan's random id is the capability, as a product's is for its payment link.
 */
export async function openPlanLink(options: {
  deps: Pick<GatewayDeps, "config" | "db" | "clock" | "shops" | "rateLimiter" | "metrics">;
  planId: string;
  clientAddress: string;
  lang?: string;
  acceptLanguage?: string | null;
}): Promise<PlanLinkVisit> {
  const { deps } = options;
  const [plan] = PLAN_ID_PATTERN.test(options.planId)
    ? await deps.db.select().from(plans).where(eq(plans.id, options.planId))
    : [];
  const language = linkLanguage(plan ?? null, options.lang, options.acceptLanguage);
  const shop = plan ? await deps.shops.get(plan.shopId) : null;
  if (!plan || !shop || planOutOfBounds(plan)) return { kind: "not_found", language };
  const retryAfterSeconds = await linkOpenRetryAfter(deps, options.clientAddress);
  if (retryAfterSeconds > 0) return { kind: "busy", language, retryAfterSeconds };
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(subscriptions)
    .values({
      id: generateSubscriptionId(),
      shopId: shop.id,
      planId: plan.id,
      customerId: null,
      test: shop.test || plan.test,
      state: "redirecting",
      cardUpdateToken: randomBytes(32).toString("hex"),
      cancelToken: randomBytes(32).toString("hex"),
      language,
      ...(deps.clock.isFixed ? { createdAt: now, updatedAt: now } : {}),
    })
    .returning();
  await startSubscriptionCheckout(deps, shop, row, { customerFields: PLAN_LINK_CUSTOMER_FIELDS });
  const [opened] = await deps.db
    .select({ token: subscriptions.checkoutToken })
    .from(subscriptions)
    .where(eq(subscriptions.id, row.id));
  if (!opened?.token) throw new Error(`Subscription ${row.id} has no hosted page`);
  return { kind: "checkout", redirectUrl: checkoutRedirectUrl(deps, opened.token) };
}
