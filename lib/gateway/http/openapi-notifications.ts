import { z } from "zod";
import { notificationListResponseSchema, notificationResponseSchema } from "@/lib/contracts/notification";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const uidParameter = { name: "uid", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const notFound = { description: "Unknown uid or another shop's transaction", content: json("Message") };
const unauthorized = { description: "Missing or wrong shop credentials", content: json("Error") };

/** Notification (webhook) endpoints of the OpenAPI document (merged into it by `buildOpenApiDocument`). */
export function notificationOpenApi() {
  return {
    schemas: {
      NotificationList: z.toJSONSchema(notificationListResponseSchema, { io: "output" }),
      NotificationResponse: z.toJSONSchema(notificationResponseSchema, { io: "output" }),
    },
    paths: {
      "/transactions/{uid}/notifications": {
        get: {
          summary: "The transaction's webhook deliveries and every attempt",
          description:
            "Webhooks are POSTed to `notification_url` with HTTP Basic (shop id and secret key), `Content-Signature` " +
            "(base64 RSA-SHA256 of the raw body, verify with the shop's public key) and the Standard Webhooks " +
            "headers `webhook-id`, `webhook-timestamp`, `webhook-signature` (secret: the shop's `whsec_…` webhook " +
            "secret). A 2xx answer within 15 s delivers; failures are retried after about 5 s, 5 min, 30 min, 2 h, " +
            "5 h, 10 h, 14 h, 20 h and 24 h.",
          parameters: [uidParameter],
          responses: {
            "200": { description: "Deliveries, oldest first", content: json("NotificationList") },
            "401": unauthorized,
            "404": notFound,
          },
        },
      },
      "/transactions/{uid}/notifications/resend": {
        post: {
          summary: "Send the transaction's webhook again",
          description:
            "Queues a new delivery (new `webhook-id`, its own retries), due at once. While a re-send is queued and " +
            "not attempted yet, asking again answers that one (200) instead of queueing another.",
          parameters: [uidParameter],
          responses: {
            "201": { description: "The new delivery", content: json("NotificationResponse") },
            "200": { description: "The re-send already queued", content: json("NotificationResponse") },
            "401": unauthorized,
            "404": notFound,
            "422": {
              description: "The transaction has no notification_url, or is not finished yet",
              content: json("Error"),
            },
          },
        },
      },
    },
  };
}
