import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStockHolds } from "@/lib/db/schema";
import { typedCardAttempt } from "../checkout-helpers";
import {
  callJson,
  createTestDatabase,
  type JsonBody,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  usePostgres,
} from "../harness";
import { RecordingAcquirer } from "../money-helpers";

/**
 * Shoppers racing for a payment link's last units: each attempt holds a unit before the acquirer is asked, so only
 * as many payments as there are units reach it, and the others are refused "Sold out" without a charge. On
 * PostgreSQL two app instances share one database, each with its own acquirer client; on the embedded database one
 * instance takes all of them.
 */
describe(`a payment link's stock under concurrency (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  let database: TestDatabase;
  const instances: TestGateway[] = [];
  const acquirers: RecordingAcquirer[] = [];
  let shop: TestShop;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < (usePostgres ? 2 : 1); index++) {
      const acquirer = new RecordingAcquirer({ slowAnswerMs: 50 });
      acquirers.push(acquirer);
      instances.push(await startTestGateway({ database, acquirer }));
    }
    shop = await instances[0].createShop({}, "Race Shop");
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.drop();
  });

  it("20 shoppers paying at once for the last 5: exactly 5 payments, the acquirer asked 5 times", async () => {
    const created = await callJson(instances[0], "/products", {
      shop,
      body: { name: "Ticket", description: "Concert ticket", currency: "EUR", amount: 4200, quantity: 5 },
    });
    expect(created.status).toBe(201);
    const productId: string = created.body.id;

    // Twenty shoppers open the link (any instance), then all pay at once.
    const tokens: string[] = [];
    for (let index = 0; index < 20; index++) {
      const instance = instances[index % instances.length];
      const response = await fetch(`${instance.url}/products/${productId}/pay`, { redirect: "manual" });
      expect(response.status).toBe(303);
      tokens.push(/\/checkout\/([0-9a-f]{64})$/.exec(response.headers.get("location") ?? "")?.[1] ?? "");
    }
    const attempts = await Promise.all(
      tokens.map((token, index) =>
        typedCardAttempt(instances[index % instances.length], token, { seed: 720_000 + index }),
      ),
    );

    const successful = attempts.filter(
      (attempt) => attempt.status === 200 && attempt.body.transaction.status === "successful",
    );
    const soldOut = attempts.filter(
      (attempt) => attempt.status === 422 && attempt.body.message === "Sold out",
    );
    expect(successful).toHaveLength(5);
    expect(soldOut).toHaveLength(15);
    expect(
      acquirers.flatMap((acquirer) => acquirer.calls.filter((call) => call.amount === 4200)),
    ).toHaveLength(5);

    const product = await callJson(instances[0], `/products/${productId}`, { shop });
    expect(product.body).toMatchObject({ quantity: 0, sold: 5 });
    const payments = await callJson(instances[0], `/transactions?tracking_id=${productId}`, { shop });
    expect(payments.body.transactions.map((t: JsonBody) => t.status)).toEqual(Array(5).fill("successful"));
    const holds = await instances[0].runtime.deps.db
      .select({ state: productStockHolds.state })
      .from(productStockHolds)
      .where(eq(productStockHolds.productId, productId));
    expect(holds.map((hold) => hold.state)).toEqual(Array(5).fill("taken"));
  }, 120_000);
});
