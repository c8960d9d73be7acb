import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationAttempts, notificationDeliveries } from "@/lib/db/schema";
import { NotificationWorker } from "@/lib/gateway/notifications/notification-worker";
import {
  createTestDatabase,
  postTokenization,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

// Two instances need two processes' worth of connections to one database: the embedded database has one owner.
describe.skipIf(!usePostgres)(
  "two gateway instances on one PostgreSQL database (TEST_DATABASE=postgres)",
  () => {
    let database: TestDatabase;
    let first: TestGateway;
    let second: TestGateway;
    let shop: TestShop;
    let receiver: WebhookReceiver;
    let seed = 97_000;

    beforeAll(async () => {
      database = await createTestDatabase();
      first = await startTestGateway({ database });
      second = await startTestGateway({ database });
      // Eighty new cards in a few seconds, which the default new-card cap would refuse.
      shop = await first.createShop({ new_card_limit_per_minute: 0 });
      receiver = await startWebhookReceiver();
    });

    afterAll(async () => {
      await receiver.close();
      await first.close();
      await second.close();
      await database.drop();
    });

    async function tokenizeMany(count: number): Promise<string[]> {
      const uids: string[] = [];
      for (let index = 0; index < count; index++) {
        const gateway = index % 2 === 0 ? first : second;
        const response = await postTokenization(
          gateway,
          shop,
          tokenizationRequest(
            { notification_url: `${receiver.origin}/hooks` },
            { number: uniqueVisaNumber(seed++) },
          ),
        );
        expect(response.status).toBe(200);
        uids.push(response.body.transaction.uid);
      }
      return uids;
    }

    function receivedIds(): string[] {
      return receiver.received.map((request) => String(request.headers["webhook-id"]));
    }

    async function attemptsOf(uids: string[]) {
      const deliveries = await first.runtime.deps.db
        .select()
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.transactionUid, uids));
      const attempts = await first.runtime.deps.db
        .select()
        .from(notificationAttempts)
        .where(
          inArray(
            notificationAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        );
      return { deliveries, attempts };
    }

    it("sends each attempt once when both workers claim at the same moment", async () => {
      receiver.received.length = 0;
      // Answered at once: a failed attempt's retry falls due 5 s later, and a loaded machine's loops (claiming until
      // nothing is due) would then claim the retries as well, which is not what this test counts.
      receiver.answer = () => ({ status: 204 });
      const uids = await tokenizeMany(40);
      // Small batches so the two workers' claims interleave many times.
      const workers = [first, second].map(
        (gateway) => new NotificationWorker(gateway.runtime.deps, { batchSize: 3 }),
      );
      const claimedBy = await Promise.all(
        workers.map(async (worker) => {
          let total = 0;
          for (let claimed = await worker.runOnce(); claimed > 0; claimed = await worker.runOnce()) {
            total += claimed;
          }
          return total;
        }),
      );
      expect(claimedBy[0] + claimedBy[1]).toBe(40);
      expect(claimedBy.every((count) => count > 0)).toBe(true);
      expect(receivedIds()).toHaveLength(40);
      expect(new Set(receivedIds()).size).toBe(40);
      const { deliveries, attempts } = await attemptsOf(uids);
      expect(attempts).toHaveLength(40);
      expect(deliveries.every((delivery) => delivery.attempts === 1 && delivery.status === "delivered")).toBe(
        true,
      );
    });

    it("delivers each notification once with both background workers running", async () => {
      receiver.received.length = 0;
      receiver.answer = () => ({ status: 204 });
      const uids = await tokenizeMany(40);
      first.runtime.notifications.start();
      second.runtime.notifications.start();
      try {
        await receiver.waitFor(40, 30_000);
        // A few more polls of both workers: a notification sent twice would arrive now.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      } finally {
        await Promise.all([first.runtime.notifications.stop(), second.runtime.notifications.stop()]);
      }
      const notified = receiver.received.map((request) => JSON.parse(request.body).transaction.uid);
      expect(notified).toHaveLength(40);
      expect(new Set(notified)).toEqual(new Set(uids));
      const { deliveries, attempts } = await attemptsOf(uids);
      expect(attempts).toHaveLength(40);
      expect(deliveries.every((delivery) => delivery.status === "delivered")).toBe(true);
    });
  },
);
