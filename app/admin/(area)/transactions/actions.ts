"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

/** Queues the transaction's webhook once more (a new delivery with its own retries). */
export async function resendNotificationAction(uid: unknown): Promise<ActionResult<NotificationDelivery>> {
  return runAdminAction((credentials) =>
    getMerchantClient().resendNotification(credentials, typeof uid === "string" ? uid : ""),
  );
}
