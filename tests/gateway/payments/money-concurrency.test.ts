import { beforeAll, describe, expect, it } from "vitest";
import { type ChildPath, createParent, postChild, readTransaction } from "../child-helpers";
import { instancesOnOneDatabase, type JsonResponse, type TestShop, usePostgres } from "../harness";

/**
 * What two app instances on one PostgreSQL do at once to one parent: the parent's row lock must let no interleaving
 * exceed it. (On the embedded database one instance takes every request; the rules are the same.)
 */
describe(`children racing on one parent (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  const instances = instancesOnOneDatabase();
  let shop: TestShop;

  beforeAll(async () => {
    shop = await instances[0].createShop();
  });

  /** `requests` sent at once, alternating between the instances. */
  function race(path: ChildPath, requests: Record<string, unknown>[]): Promise<JsonResponse[]> {
    return Promise.all(
      requests.map((request, index) => postChild(instances[index % instances.length], shop, path, request)),
    );
  }

  const successes = (responses: JsonResponse[]) =>
    responses.filter(
      (response) => response.status === 200 && response.body.transaction.status === "successful",
    );

  it.each([
    ["with the duplicate check", true],
    ["without it", false],
  ])(
    "32 full refunds of one payment at once, %s: exactly one succeeds, the payment shows 0 refundable",
    async (_, duplicateCheck) => {
      for (let round = 0; round < 5; round++) {
        const payment = await createParent(instances[0], shop, { type: "payment", amount: 5000 + round });
        const responses = await race(
          "refunds",
          Array.from({ length: 32 }, () => ({
            parent_uid: payment.uid,
            amount: 5000 + round,
            reason: "Cancelled order",
            duplicate_check: duplicateCheck,
          })),
        );
        expect(successes(responses), `round ${round}`).toHaveLength(1);
        const refused = responses.filter((response) => response.status === 422);
        expect(refused).toHaveLength(31);
        for (const response of refused) {
          expect(response.body.message).toMatch(
            duplicateCheck
              ? /^(Duplicate transaction|Amount can't be greater than 0\.)$/
              : /^Amount can't be greater than 0\.$/,
          );
        }
        const after = await readTransaction(instances[1 % instances.length], shop, payment.uid);
        expect(after.amounts).toMatchObject({ refunded: 5000 + round, refundable: 0 });
      }
    },
    120_000,
  );

  it("16 partial refunds that fit together all succeed, though each lost races to the others", async () => {
    // The reservation writes a child only if the parent is still as its rules were checked on; one that finds it
    // changed checks them again. Refusing such a request, or answering it 409, would be wrong: they all fit.
    for (let round = 0; round < 3; round++) {
      const payment = await createParent(instances[0], shop, { type: "payment", amount: 16 * 110 });
      const responses = await race(
        "refunds",
        Array.from({ length: 16 }, (_, index) => ({
          parent_uid: payment.uid,
          amount: 110 + (index % 2 === 0 ? 1 : -1) * Math.floor(index / 2),
          reason: "Partial refund",
          duplicate_check: false,
        })),
      );
      expect(
        responses.map((response) => response.status),
        `round ${round}`,
      ).toEqual(Array(16).fill(200));
      expect(successes(responses)).toHaveLength(16);
      const after = await readTransaction(instances[0], shop, payment.uid);
      expect(after.amounts).toMatchObject({ refunded: 16 * 110, refundable: 0 });
    }
  }, 120_000);

  it("concurrent captures summing over the authorization: what succeeds never exceeds it", async () => {
    for (let round = 0; round < 5; round++) {
      const authorization = await createParent(instances[0], shop, { type: "authorization", amount: 1000 });
      // 24 captures of 100..123 (2,652 in all) against 1,000 authorized; amounts differ, so none is a duplicate.
      const amounts = Array.from({ length: 24 }, (_, index) => 100 + index).filter(
        (amount) => amount % 100 !== 5,
      );
      const responses = await race(
        "captures",
        amounts.map((amount) => ({ parent_uid: authorization.uid, amount })),
      );
      const captured = successes(responses).reduce(
        (sum, response) => sum + response.body.transaction.amount,
        0,
      );
      expect(captured, `round ${round}`).toBeLessThanOrEqual(1000);
      // Each refusal named the remainder at its turn, less than its own amount; the remainder only shrinks, so
      // what is left at the end is less than every refused amount (nothing that would still fit was refused).
      const refused = amounts.filter((_, index) => responses[index].status === 422);
      expect(refused.length + successes(responses).length).toBe(amounts.length);
      responses.forEach((response, index) => {
        if (response.status !== 422) return;
        const remaining = Number(/^Amount can't be greater than (\d+)\.$/.exec(response.body.message)?.[1]);
        expect(remaining).toBeLessThan(amounts[index]);
        expect(remaining).toBeGreaterThanOrEqual(1000 - captured);
      });
      expect(1000 - captured).toBeLessThan(Math.min(...refused));
      const after = await readTransaction(instances[0], shop, authorization.uid);
      expect(after.amounts).toMatchObject({ captured, capturable: 1000 - captured });
    }
  }, 120_000);

  it("refunds of the same parents sent by both instances in opposite orders: batches lock parents in one order, no deadlock", async () => {
    // Children that arrive together are reserved in one statement and finished in another, each batch holding its
    // parents' row locks until it commits. Taken in arrival order, one instance's batch would lock A then B while
    // the other's locked B then A; PostgreSQL would abort one of them (after its deadlock timeout) and its items be
    // written again one by one. Every statement the child writers send is watched for that error.
    const deadlocks: string[] = [];
    for (const instance of instances) {
      const client = (
        instance.runtime.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
      ).$client;
      const query = client.query.bind(client);
      client.query = (...args: unknown[]) => {
        const answer = query(...args);
        if (answer instanceof Promise) {
          answer.catch((error: unknown) => {
            if (/deadlock/i.test(String((error as Error)?.message))) deadlocks.push(String(error));
          });
        }
        return answer;
      };
    }
    const parents = await Promise.all(
      Array.from({ length: 24 }, () => createParent(instances[0], shop, { type: "payment", amount: 10_000 })),
    );
    const refunded = new Map<string, number>();
    for (let round = 0; round < 4; round++) {
      const refunds = (order: typeof parents, instance: number) =>
        order.map((parent, index) => {
          const amount = 100 + round * 30 + instance * 10 + (index % 5);
          refunded.set(parent.uid, (refunded.get(parent.uid) ?? 0) + amount);
          return postChild(instances[instance % instances.length], shop, "refunds", {
            parent_uid: parent.uid,
            amount,
            reason: "Returned",
            duplicate_check: false,
          });
        });
      const responses = await Promise.all([...refunds(parents, 0), ...refunds([...parents].reverse(), 1)]);
      expect(
        responses.filter(
          (response) => response.status !== 200 || response.body.transaction.status !== "successful",
        ),
        `round ${round}`,
      ).toEqual([]);
    }
    expect(deadlocks).toEqual([]);
    for (const parent of parents) {
      const after = await readTransaction(instances[0], shop, parent.uid);
      const expected = refunded.get(parent.uid) ?? 0;
      expect(after.amounts).toMatchObject({ refunded: expected, refundable: 10_000 - expected });
    }
  }, 120_000);

  it("a capture racing a void: exactly one of them wins, and the authorization says which", async () => {
    for (let round = 0; round < 10; round++) {
      const authorization = await createParent(instances[0], shop, { type: "authorization", amount: 2000 });
      const [captures, voids] = await Promise.all([
        race("captures", [{ parent_uid: authorization.uid, amount: 2000 }]),
        Promise.all([
          postChild(instances[instances.length - 1], shop, "voids", {
            parent_uid: authorization.uid,
            amount: 2000,
          }),
        ]),
      ]);
      const captured = successes(captures).length;
      const voided = successes(voids).length;
      expect(captured + voided, `round ${round}`).toBe(1);
      const after = await readTransaction(instances[0], shop, authorization.uid);
      expect(after.amounts).toMatchObject(
        captured
          ? { captured: 2000, voided: 0, capturable: 0 }
          : { captured: 0, voided: 2000, capturable: 0 },
      );
      const loser = captured ? voids[0] : captures[0];
      expect(loser.status).toBe(422);
      // The loser saw the winner finished, or still waiting for the acquirer.
      expect(loser.body.message).toMatch(
        captured
          ? /^Authorization (has been|is being) captured; only an uncaptured authorization can be voided\.$/
          : /^Authorization (has been|is being) voided; it can no longer be captured\.$/,
      );
    }
  }, 120_000);
});
