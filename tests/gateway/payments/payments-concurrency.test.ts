import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  futureExpiry,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import { paymentRequest, RecordingAcquirer } from "../money-helpers";

/**
 * Identical payments and payouts racing each other: the duplicate check decides before the acquirer is asked, so
 * exactly one moves money. On PostgreSQL two app instances share one database, each with its own acquirer client;
 * on the embedded database one instance takes all of them.
 */
describe(`payments under concurrency (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  let database: TestDatabase;
  const instances: TestGateway[] = [];
  const acquirers: RecordingAcquirer[] = [];
  let shop: TestShop;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < (usePostgres ? 2 : 1); index++) {
      const acquirer = new RecordingAcquirer();
      acquirers.push(acquirer);
      instances.push(await startTestGateway({ database, acquirer }));
    }
    shop = await instances[0].createShop();
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database.drop();
  });

  const callsFor = (amount: number) =>
    acquirers.flatMap((acquirer) => acquirer.calls.filter((call) => call.amount === amount));

  it.each([
    ["payments", "authorize+capture"],
    ["authorizations", "authorize"],
    ["credits", "credit"],
  ])(
    "32 identical %s at once: one is charged, 31 are duplicates",
    async (type, operation) => {
      for (let round = 0; round < 5; round++) {
        const amount =
          type === "payments" ? 700 + round : type === "authorizations" ? 800 + round : 900 + round;
        const number = uniqueVisaNumber(940_000 + amount);
        const body =
          type === "credits"
            ? {
                request: {
                  amount,
                  currency: "EUR",
                  description: "Payout",
                  credit_card: { number, ...futureExpiry() },
                },
              }
            : paymentRequest({ amount, tracking_id: `race-${type}-${round}` }, { number });
        const responses = await Promise.all(
          Array.from({ length: 32 }, (_, index) =>
            instances[index % instances.length].call(`/transactions/${type}`, { shop, body }),
          ),
        );
        const statuses = responses.map((response) => response.status);
        expect(
          statuses.filter((status) => status === 200),
          `round ${round}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((status) => status === 422),
          `round ${round}`,
        ).toHaveLength(31);
        const accepted = await responses.find((response) => response.status === 200)!.json();
        expect(accepted.transaction.status).toBe("successful");
        expect(callsFor(amount)).toEqual([
          expect.objectContaining({ operation, idempotencyKey: accepted.transaction.uid }),
        ]);
      }
    },
    120_000,
  );
});
