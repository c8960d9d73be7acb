import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cards, notificationDeliveries, transactions } from "@/lib/db/schema";
import {
  callJson,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";
import { cardExists, openPage, queryTransaction, storedRows, submitForm } from "../three-d-secure-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

async function deliveriesOf(uid: string) {
  return gateway.runtime.deps.db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.transactionUid, uid));
}

describe("the notification outbox at tokenization", () => {
  it("writes one pending delivery with the transaction when it has a notification_url", async () => {
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest(
        { notification_url: "https://merchant.example/hooks" },
        { number: uniqueVisaNumber(70_001) },
      ),
    );
    expect(response.status).toBe(200);
    const deliveries = await deliveriesOf(response.body.transaction.uid);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      shopId: shop.id,
      url: "https://merchant.example/hooks",
      status: "pending",
      attempts: 0,
    });
    expect(deliveries[0].id).toMatch(/^msg_[0-9a-f]{32}$/);
  });

  it("writes a delivery for a declined transaction too, and none without a notification_url", async () => {
    const declined = await postTokenization(
      gateway,
      shop,
      tokenizationRequest(
        { notification_url: "https://merchant.example/hooks" },
        { number: "4005550000000019" },
      ),
    );
    expect(declined.body.transaction.status).toBe("failed");
    expect(await deliveriesOf(declined.body.transaction.uid)).toHaveLength(1);
    const silent = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({}, { number: uniqueVisaNumber(70_002) }),
    );
    expect(await deliveriesOf(silent.body.transaction.uid)).toHaveLength(0);
  });

  it("writes nothing for a request rejected as a duplicate", async () => {
    const body = tokenizationRequest(
      { notification_url: "https://merchant.example/hooks" },
      { number: uniqueVisaNumber(70_003) },
    );
    const countDeliveries = async () =>
      (await gateway.runtime.deps.db.select().from(notificationDeliveries)).length;
    const before = await countDeliveries();
    const responses = await Promise.all([
      postTokenization(gateway, shop, body),
      postTokenization(gateway, shop, body),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 422]);
    expect(await countDeliveries()).toBe(before + 1);
  });
});

/**
 * "None for a rolled-back transaction": the database refuses the outbox row that would commit with a final state
 * (a CHECK constraint on its URL, added by the test), so the whole database transaction rolls back. Neither the
 * final state nor its delivery may survive, and the merchant hears nothing.
 */
describe("a write that rolls back", () => {
  let receiver: WebhookReceiver;
  const refusedUrl = () => `${receiver.origin}/refused-by-the-database`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });

  afterEach(async () => {
    await gateway.runtime.deps.db.execute(
      sql`alter table notification_deliveries drop constraint if exists test_refuses_outbox_row`,
    );
  });

  afterAll(async () => {
    await receiver.close();
  });

  async function refuseOutboxRows(): Promise<void> {
    await gateway.runtime.deps.db.execute(
      sql`alter table notification_deliveries add constraint test_refuses_outbox_row
          check (url not like '%/refused-by-the-database%')`,
    );
  }

  /** Runs the worker until nothing is due. */
  async function drain(): Promise<void> {
    while ((await gateway.runtime.notifications.runOnce()) > 0);
  }

  it("leaves no transaction, no card and no delivery when a tokenization's commit fails", async () => {
    await refuseOutboxRows();
    const { db } = gateway.runtime.deps;
    const cardsBefore = (await db.select().from(cards)).length;
    const logged = gateway.logs.length;
    const trackingId = "rolled-back-tokenization";
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest(
        { notification_url: refusedUrl(), tracking_id: trackingId },
        { number: uniqueVisaNumber(70_010) },
      ),
    );
    expect(response.status).toBe(500);
    expect(gateway.logs.slice(logged).join("\n")).toContain("test_refuses_outbox_row");

    expect(await db.select().from(transactions).where(eq(transactions.trackingId, trackingId))).toEqual([]);
    expect(
      await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.url, refusedUrl())),
    ).toEqual([]);
    expect((await db.select().from(cards)).length).toBe(cardsBefore);
    const tracked = await callJson(gateway, `/v2/transactions/tracking_id/${trackingId}`, { shop });
    expect(tracked.status).toBe(200);
    expect(tracked.body.transactions).toEqual([]);

    await drain();
    expect(receiver.received).toHaveLength(0);
  });

  it("keeps a 3-D Secure transaction incomplete, its card and no delivery when finishing it fails", async () => {
    const threeDSecureShop = await gateway.createShop({ three_d_secure: true }, "3-D Secure Shop");
    const tokenized = await postTokenization(
      gateway,
      threeDSecureShop,
      tokenizationRequest(
        { notification_url: refusedUrl(), return_url: `${receiver.origin}/return` },
        { number: uniqueVisaNumber(70_011) },
      ),
    );
    expect(tokenized.status).toBe(200);
    const { uid } = tokenized.body.transaction;
    expect(tokenized.body.transaction.status).toBe("incomplete");
    const before = await storedRows(gateway, uid);
    expect(before.deliveries).toEqual([]);
    const cardToken = before.transaction.cardToken as string;
    expect(await cardExists(gateway, cardToken)).toBe(true);

    // Cancel would fail the transaction, delete its card and queue its notification, all in one commit.
    await refuseOutboxRows();
    const answer = await submitForm(gateway, uid, { action: "cancel" });
    expect(answer.status).toBe(500);

    const after = await storedRows(gateway, uid);
    expect(after.transaction.status).toBe("incomplete");
    expect(after.transaction.body).toEqual(before.transaction.body);
    expect(after.challenge.stage).toBe(before.challenge.stage);
    expect(after.challenge.finishedAt).toBeNull();
    expect(after.deliveries).toEqual([]);
    expect(await cardExists(gateway, cardToken)).toBe(true);
    expect((await queryTransaction(gateway, threeDSecureShop, uid)).status).toBe("incomplete");
    await drain();
    expect(receiver.received).toHaveLength(0);

    // Nothing was half done: once the database accepts the row, the verification ends normally, once.
    await gateway.runtime.deps.db.execute(
      sql`alter table notification_deliveries drop constraint test_refuses_outbox_row`,
    );
    expect((await openPage(gateway, uid)).status).toBe(200);
    expect((await submitForm(gateway, uid, { action: "cancel" })).status).toBe(303);
    const finished = await storedRows(gateway, uid);
    expect(finished.transaction.status).toBe("failed");
    expect(finished.deliveries).toHaveLength(1);
    expect(await cardExists(gateway, cardToken)).toBe(false);
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).transaction).toMatchObject({ uid, status: "failed" });
  });
});
