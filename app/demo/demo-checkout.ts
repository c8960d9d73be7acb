"use server";

import { redirect } from "next/navigation";
import { checkoutLogger } from "@/lib/checkout/logger";
import { checkoutPagePath } from "@/lib/checkout/merchant-return";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { getCheckoutClient } from "@/lib/gateway-client";
import { getConfig } from "@/lib/server/config";
import { DEMO_PRODUCT } from "./product";

/**
 * The demo merchant's "Pay" button: what a merchant's server does, through the public API with the demo shop's
 * credentials. The session charges the card (a payment); shop 1 has no 3-D Secure, shop 2 has it.
 */
export async function startDemoCheckout(data: FormData): Promise<void> {
  // An action is a public POST endpoint whatever the page shows: it refuses on its own when there is no demo.
  if (!getConfig().demoShops) redirect("/");
  const shop = DEMO_SHOPS.find((candidate) => String(candidate.id) === data.get("shop")) ?? DEMO_SHOPS[0];
  const { publicUrl } = getConfig();
  const resultUrl = (outcome: string) => `${publicUrl}/demo/result?shop=${shop.id}&outcome=${outcome}`;
  const created = await getCheckoutClient().createCheckout(
    { shopId: shop.id, secretKey: shop.secretKey },
    {
      transaction_type: "payment",
      test: true,
      attempts: 3,
      order: {
        amount: DEMO_PRODUCT.amount,
        currency: DEMO_PRODUCT.currency,
        description: DEMO_PRODUCT.name,
        tracking_id: `demo-${crypto.randomUUID().slice(0, 8)}`,
      },
      settings: {
        success_url: resultUrl("success"),
        decline_url: resultUrl("decline"),
        fail_url: resultUrl("fail"),
        cancel_url: resultUrl("cancel"),
        auto_return: 3,
        language: "en",
        customer_fields: { visible: ["email", "country"], read_only: [] },
      },
    },
  );
  if (!created.ok) {
    checkoutLogger().warn({ status: created.status, reason: created.message }, "demo checkout not created");
    redirect("/?checkout=unavailable");
  }
  // The demo runs on the page's own origin, where this redirect is a client-side navigation: it goes to the page's
  // own path rather than to `redirect_url`'s widget address, which a merchant's browser loads as a whole page.
  redirect(checkoutPagePath(created.data.token));
}
