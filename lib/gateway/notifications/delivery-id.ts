import { randomUUID } from "node:crypto";

/** Id of a notification delivery, sent as the Standard Webhooks `webhook-id` (stable across retries). */
export function newDeliveryId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}
