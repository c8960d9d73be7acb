import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { shopperEmails } from "@/lib/db/schema";
import { shopperEmailRow } from "@/lib/gateway/emails/enqueue-shopper-email";
import { ShopperEmailWorker } from "@/lib/gateway/emails/shopper-email-worker";
import { createSmtpTransport, type MailTransport } from "@/lib/gateway/emails/smtp-transport";
import { startTestGateway, type TestGateway, type TestShop, uniqueVisaNumber } from "../harness";
import { parseExposition, sampleValue } from "../metrics-exposition";
import { paymentRequest, postPayment } from "../money-helpers";
import { type SmtpReceiver, startSmtpReceiver } from "../smtp-receiver";

/** Shopper e-mails cannot be turned against strangers: who is mailed, how much merchant text, how many an hour. */
let gateway: TestGateway;
let smtp: SmtpReceiver;
let transport: MailTransport;
let worker: ShopperEmailWorker;
let seed = 64_000;

beforeAll(async () => {
  [gateway, smtp] = await Promise.all([startTestGateway(), startSmtpReceiver()]);
  transport = createSmtpTransport(smtp.url, { ca: smtp.ca ?? undefined });
  worker = new ShopperEmailWorker(gateway.runtime.deps, { transport });
});

afterAll(async () => {
  transport.close();
  await Promise.all([gateway.close(), smtp.close()]);
});

async function pay(shop: TestShop, to: string, overrides: Record<string, unknown> = {}) {
  const response = await postPayment(
    gateway,
    shop,
    paymentRequest(
      { amount: 1299, currency: "EUR", customer: { email: to, ip: "203.0.113.9" }, ...overrides },
      { number: uniqueVisaNumber(seed++) },
    ),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.transaction.status).toBe("successful");
  return response.body.transaction as { uid: string; test: boolean };
}

const rowsOf = (uid: string) =>
  gateway.runtime.deps.db.select().from(shopperEmails).where(eq(shopperEmails.transactionUid, uid));

describe("shopper e-mails are no relay", () => {
  it("a live shop's test transaction e-mails nobody; a test shop's does, as its live ones would", async () => {
    const live = await gateway.createShop({ customer_emails: { enabled: true } }, "Live Shop", {
      test: false,
    });
    const testShop = await gateway.createShop({ customer_emails: { enabled: true } }, "Test Shop");
    const liveTest = await pay(live, "stranger@example.com", { test: true });
    expect(liveTest.test).toBe(true);
    expect(await rowsOf(liveTest.uid)).toEqual([]);
    const liveMoney = await pay(live, "customer@example.com");
    expect(liveMoney.test).toBe(false);
    expect(await rowsOf(liveMoney.uid)).toHaveLength(1);
    const testMoney = await pay(testShop, "tester@example.com");
    expect(testMoney.test).toBe(true);
    expect(await rowsOf(testMoney.uid)).toHaveLength(1);
  });

  it("carries at most ten receipt lines of the merchant's, however many the request had", async () => {
    const shop = await gateway.createShop({ customer_emails: { enabled: true } }, "Wordy Shop");
    const long = "Buy now at spam.example ".repeat(10);
    const payment = await pay(shop, "reader@example.com", {
      additional_data: { receipt_text: Array.from({ length: 40 }, (_, index) => `${index}: ${long}`) },
    });
    const [row] = await rowsOf(payment.uid);
    const payload = row.payload as { description: string; receiptText: string[] };
    expect(payload.receiptText).toEqual(Array.from({ length: 10 }, (_, index) => `${index}: ${long}`));
  });

  it("carries at most 255 characters of description, from whatever path queued it", () => {
    const row = shopperEmailRow({
      shop: {
        id: 1,
        name: "Wordy",
        test: true,
        settings: shopSettingsSchema.parse({ customer_emails: { enabled: true } }),
      },
      kind: "subscription_started",
      language: "en",
      to: "reader@example.com",
      amount: 100,
      currency: "EUR",
      description: "x".repeat(5000),
      card: null,
      test: true,
    });
    expect(row?.payload.description).toBe(`${"x".repeat(254)}…`);
  });

  it("stop at the shop's hourly limit: the rest are not sent, say why, and are counted", async () => {
    const shop = await gateway.createShop(
      { customer_emails: { enabled: true }, customer_email_limit_per_hour: 3 },
      "Limited Shop",
      { test: false },
    );
    const limited = async () =>
      sampleValue(
        parseExposition((await gateway.runtime.deps.metrics.render(() => {})).body),
        "tessera_shopper_emails_limited_total",
        { test: "false" },
      ) ?? 0;
    const before = await limited();
    const uids: string[] = [];
    for (let index = 0; index < 5; index++) uids.push((await pay(shop, `victim${index}@example.com`)).uid);
    while ((await worker.runOnce()) > 0) {}
    const rows = (await Promise.all(uids.map(rowsOf))).flat();
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(3);
    const refused = rows.filter((row) => row.status === "failed");
    expect(refused).toHaveLength(2);
    for (const row of refused) {
      expect(row.lastError).toBe("not sent: the shop's limit of 3 e-mails an hour was reached");
    }
    expect(smtp.received.filter((mail) => /victim\d@example.com/.test(mail.to.join(",")))).toHaveLength(3);
    expect(await limited()).toBe(before + 2);
  });

  it("the limit cannot be raised by the shop itself", async () => {
    const shop = await gateway.createShop({}, "Greedy Shop");
    const response = await gateway.call("/shop", {
      shop,
      method: "PATCH",
      body: { settings: { customer_email_limit_per_hour: 1_000_000 } },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: { settings: { customer_email_limit_per_hour: ["can't be changed by the shop"] } },
    });
  });
});
