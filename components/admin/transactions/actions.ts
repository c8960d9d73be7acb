"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import { moneyActionSchema } from "@/lib/admin/money-form";
import { errorTreeFromZod, renderErrorMessage } from "@/lib/contracts/errors";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { Transaction } from "@/lib/contracts/transaction";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

/** Queues the transaction's webhook once more (a new delivery with its own retries). */
export async function resendNotificationAction(uid: unknown): Promise<ActionResult<NotificationDelivery>> {
  return runAdminAction((credentials) =>
    getMerchantClient().resendNotification(credentials, typeof uid === "string" ? uid : ""),
  );
}

/**
 * A capture, void or refund the merchant confirmed. The input is checked again here; the gateway, called with the
 * session's own credentials, decides whether the parent (which must be this shop's) allows it and answers the
 * child transaction — declined or not — or why it refused.
 */
export async function moveMoneyAction(input: unknown): Promise<ActionResult<Transaction>> {
  return runAdminAction(async (credentials) => {
    const parsed = moneyActionSchema.safeParse(input);
    if (!parsed.success) {
      const errors = errorTreeFromZod(parsed.error);
      return { ok: false, kind: "invalid", status: 422, message: renderErrorMessage(errors), errors };
    }
    const { operation, ...child } = parsed.data;
    return getMerchantClient().createChildTransaction(credentials, operation, child);
  });
}
