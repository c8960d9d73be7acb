import { z } from "zod";

/** Merchant notification deliveries as `GET /transactions/{uid}/notifications` and its re-send answer them. */

const timestamp = () => z.iso.datetime({ offset: true });

export const NOTIFICATION_STATUSES = ["pending", "delivered", "failed"] as const;

export const notificationAttemptSchema = z
  .object({
    attempted_at: timestamp(),
    status_code: z.int().nullable().describe("HTTP status of the answer; null when none arrived"),
    latency_ms: z.int().describe("Time from sending to the end of the answer (or the failure)"),
    succeeded: z.boolean().describe("A 2xx answer within 15 s"),
    error: z
      .string()
      .nullable()
      .describe("Why it failed: the status, a timeout, a refused connection or a blocked address"),
  })
  .meta({ description: "One attempt to deliver a notification" });

export const notificationDeliverySchema = z
  .object({
    id: z.string().describe("Also the Standard Webhooks `webhook-id` header, the same on every attempt"),
    transaction_uid: z.string(),
    url: z.string().describe("The notification_url it is sent to"),
    status: z
      .enum(NOTIFICATION_STATUSES)
      .describe("`pending` while attempts remain, then `delivered` or `failed` (retries exhausted)"),
    attempts: z.array(notificationAttemptSchema).describe("Every attempt, oldest first"),
    next_attempt_at: timestamp().nullable().describe("When the next attempt is due; null unless pending"),
    delivered_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .meta({ description: "One webhook delivery of a transaction (a re-send is a delivery of its own)" });

export const notificationListResponseSchema = z
  .object({ notifications: z.array(notificationDeliverySchema) })
  .meta({ description: "The transaction's deliveries, oldest first" });

export const notificationResponseSchema = z
  .object({ notification: notificationDeliverySchema })
  .meta({ description: "One delivery" });

export type NotificationAttempt = z.output<typeof notificationAttemptSchema>;
export type NotificationDelivery = z.output<typeof notificationDeliverySchema>;
