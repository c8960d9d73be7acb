import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperEmails } from "@/lib/db/schema";
import { ShopperEmailWorker } from "@/lib/gateway/emails/shopper-email-worker";
import { createSmtpTransport } from "@/lib/gateway/emails/smtp-transport";
import {
  createTestDatabase,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { type SmtpReceiver, startSmtpReceiver } from "../smtp-receiver";

// Two instances need two processes' worth of connections to one database: the embedded database has one owner.
describe.skipIf(!usePostgres)("shopper e-mails from two gateway instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let first: TestGateway;
  let second: TestGateway;
  let shop: TestShop;
  let smtp: SmtpReceiver;
  let seed = 57_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    [first, second, smtp] = await Promise.all([
      startTestGateway({ database }),
      startTestGateway({ database }),
      startSmtpReceiver(),
    ]);
    shop = await first.createShop({ customer_emails: { enabled: true }, new_card_limit_per_minute: 0 });
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await smtp.close();
    await database.drop();
  });

  async function payMany(count: number, tag: string): Promise<string[]> {
    const payments = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        postPayment(
          index % 2 === 0 ? first : second,
          shop,
          paymentRequest(
            { customer: { email: `${tag}-${index}@example.com`, ip: "203.0.113.7" } },
            { number: uniqueVisaNumber(seed++) },
          ),
        ),
      ),
    );
    for (const payment of payments) expect(payment.body.transaction.status).toBe("successful");
    return payments.map((payment) => payment.body.transaction.uid);
  }

  function receivedFor(tag: string): string[] {
    return smtp.received.flatMap((mail) => mail.to).filter((address) => address.startsWith(`${tag}-`));
  }

  async function rowsOf(uids: string[]) {
    return first.runtime.deps.db
      .select()
      .from(shopperEmails)
      .where(inArray(shopperEmails.transactionUid, uids));
  }

  it("sends each message once when both workers claim at the same moment", async () => {
    const uids = await payMany(30, "claims");
    const transports = [
      createSmtpTransport(smtp.url, { ca: smtp.ca ?? undefined }),
      createSmtpTransport(smtp.url, { ca: smtp.ca ?? undefined }),
    ];
    const workers = [first, second].map(
      (gateway, index) =>
        new ShopperEmailWorker(gateway.runtime.deps, { transport: transports[index], batchSize: 3 }),
    );
    try {
      const claimed = await Promise.all(
        workers.map(async (worker) => {
          let total = 0;
          for (let batch = await worker.runOnce(); batch > 0; batch = await worker.runOnce()) total += batch;
          return total;
        }),
      );
      expect(claimed[0] + claimed[1]).toBe(30);
      expect(claimed.every((count) => count > 0)).toBe(true);
    } finally {
      for (const transport of transports) transport.close();
    }
    const addresses = receivedFor("claims");
    expect(addresses).toHaveLength(30);
    expect(new Set(addresses).size).toBe(30);
    const rows = await rowsOf(uids);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(rows.map(() => ["sent", 1]));
    // Thirty payments and thirty messages over TLS: beside the end-to-end run, more than a test's usual 30 s.
  }, 90_000);

  it("sends each message once with both instances' background workers running", async () => {
    const workers = [first, second].map(
      (gateway) =>
        new ShopperEmailWorker(gateway.runtime.deps, {
          transport: createSmtpTransport(smtp.url, { ca: smtp.ca ?? undefined }),
          pollIntervalMs: 50,
          batchSize: 4,
        }),
    );
    for (const worker of workers) worker.start();
    try {
      const uids = await payMany(40, "running");
      const deadline = Date.now() + 60_000;
      while (receivedFor("running").length < 40 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A moment more for any second copy to show up.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const addresses = receivedFor("running");
      expect(addresses).toHaveLength(40);
      expect(new Set(addresses).size).toBe(40);
      const rows = await rowsOf(uids);
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    // Its own wait is 60 s: forty payments and messages beside the end-to-end run can take more than 30 s.
  }, 90_000);
});
