import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDeliveries } from "@/lib/db/schema";
import {
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "./harness";

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
