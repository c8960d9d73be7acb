"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import type { ShopperEmail } from "@/lib/contracts/shopper-emails";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

/** Makes a shopper e-mail due again at once (sent again, or kept again without a mail server). */
export async function resendShopperEmailAction(id: unknown): Promise<ActionResult<ShopperEmail>> {
  return runAdminAction((credentials) =>
    getMerchantClient().resendShopperEmail(credentials, typeof id === "string" ? id : ""),
  );
}
