import { beforeAll, describe, expect, it } from "vitest";
import {
  instancesOnOneDatabase,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";

/**
 * The duplicate check must hold when identical requests race. On PostgreSQL two app instances share one database
 * (as behind a load balancer); on the embedded database one instance takes all of them.
 */
describe(`duplicate check under concurrency (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  const instances = instancesOnOneDatabase();
  let shop: TestShop;

  beforeAll(async () => {
    shop = await instances[0].createShop();
  });

  it("accepts exactly one of 32 identical requests sent at once, 20 times over", async () => {
    for (let round = 0; round < 20; round++) {
      const body = tokenizationRequest(
        { amount: 500 + round, tracking_id: `race-${round}` },
        { number: uniqueVisaNumber(900_000 + round) },
      );
      const responses = await Promise.all(
        Array.from({ length: 32 }, (_, index) =>
          instances[index % instances.length].call("/transactions/tokenizations", { shop, body }),
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
      const rejected = await responses.find((response) => response.status === 422)!.json();
      expect(rejected).toEqual({
        message: "Duplicate transaction",
        errors: { base: ["Duplicate transaction"] },
      });
      const found = await instances[0].call(`/transactions/tracking_id/race-${round}`, { shop });
      expect((await found.json()).transactions).toHaveLength(1);
    }
  }, 120_000);
});
