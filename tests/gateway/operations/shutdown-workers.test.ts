import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { notificationDeliveries } from "@/lib/db/schema";
import {
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  usePostgres,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

it(`the first step of a shutdown stops the workers, hands a claimed delivery back and leaves the database open for the requests in flight (${usePostgres ? "PostgreSQL" : "embedded database"})`, async () => {
  receiver.answer = () => "hang";
  gateway.runtime.notifications.start();
  const tokenized = await postTokenization(
    gateway,
    shop,
    tokenizationRequest({ notification_url: `${receiver.origin}/hooks`, tracking_id: "shutdown-workers" }),
  );
  expect(tokenized.status).toBe(200);
  const uid = tokenized.body.transaction.uid;
  await receiver.waitFor(1, 10_000);
  const [claimed] = await gateway.runtime.deps.db
    .select({ nextAttemptAt: notificationDeliveries.nextAttemptAt })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.transactionUid, uid));
  // Claimed: hidden from the other instances for the lease.
  expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

  await gateway.runtime.stopBackgroundWork();

  const [handedBack] = await gateway.runtime.deps.db
    .select({ nextAttemptAt: notificationDeliveries.nextAttemptAt, status: notificationDeliveries.status })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.transactionUid, uid));
  expect(handedBack.status).toBe("pending");
  expect(handedBack.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  // The database still answers the requests that are finishing.
  const read = await callJson(gateway, `/transactions/${uid}`, { shop });
  expect(read.status).toBe(200);
});
