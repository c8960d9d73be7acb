import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardSightings, securityEvents } from "@/lib/db/schema";
import { pruneCardSightings } from "@/lib/gateway/cards/sight-card";
import { ManualClock } from "@/lib/gateway/clock";
import { candidates, FAMILY_LIMITED, isLuhnValid } from "../card-limits-helpers";
import {
  instancesOnOneDatabase,
  type JsonResponse,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  usePostgres,
} from "../harness";

/**
 * The attack the card-family limit stops: a merchant (or anyone holding its API key) sees a shopper's `bin_8`,
 * `last_4` and `stamp`, which leave about a thousand Luhn-valid candidates for the number, and tokenizes them until
 * one answers with the shopper's stamp. The shop is refused long before it reaches the shopper's number: after three
 * distinct numbers of one family in 24 hours, every number of the family is refused, the shopper's own included.
 */

/** A shopper's card: a family of its own per test (a distinct last 4), and the candidates around it. */
function victimFamily(last4: string) {
  const family = candidates("42424242", last4);
  const victim = family[Math.floor(family.length / 2)];
  return { victim, decoys: family.filter((number) => number !== victim) };
}

function tokenize(gateway: TestGateway, shop: TestShop, number: string, verificationValue = "123") {
  return postTokenization(
    gateway,
    shop,
    tokenizationRequest({ duplicate_check: false }, { number, verification_value: verificationValue }),
  );
}

function expectFamilyLimited(response: JsonResponse) {
  expect({ status: response.status, body: response.body }).toEqual({ status: 429, body: FAMILY_LIMITED });
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("guessing a stored card's number from its first 8 and last 4 digits (embedded database)", () => {
  let gateway: TestGateway;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    gateway = await startTestGateway({ clock });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it("is refused before the shopper's number, which is refused too, and recorded for the operator", async () => {
    const shop = await gateway.createShop();
    const { victim, decoys } = victimFamily("4321");
    const shopper = await tokenize(gateway, shop, victim);
    expect(shopper.status).toBe(200);
    const { stamp, bin_8, last_4 } = shopper.body.transaction.credit_card;
    expect({ bin_8, last_4 }).toEqual({ bin_8: "42424242", last_4: "4321" });

    // Declined guesses (security code 222: nothing stored) count as much as accepted ones.
    const answers: JsonResponse[] = [];
    for (const decoy of decoys.slice(0, 6)) answers.push(await tokenize(gateway, shop, decoy, "222"));
    answers.push(await tokenize(gateway, shop, victim, "222"));
    answers.push(await tokenize(gateway, shop, victim));

    // The shopper's number and two guesses make three numbers of the family: the limit.
    expect(answers.slice(0, 2).map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers.slice(0, 2)) {
      expect(answer.body.transaction).toMatchObject({
        status: "failed",
        credit_card: { stamp: null, token: null },
      });
    }
    for (const answer of answers.slice(2)) expectFamilyLimited(answer);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(stamp);

    const events = await gateway.runtime.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.shopId, shop.id))
      .orderBy(asc(securityEvents.id));
    expect(events).toHaveLength(answers.length - 2);
    for (const event of events) {
      expect(event).toMatchObject({ kind: "card_family_limit", bin: "424242", last4: "4321" });
    }
    const warnings = gateway.logs.filter((line) => line.includes("tokenization refused by a card limit"));
    expect(warnings.length).toBeGreaterThanOrEqual(events.length);
    for (const line of warnings) {
      const record = JSON.parse(line);
      expect(record).toMatchObject({ level: 40, shopId: shop.id, kind: "card_family_limit" });
      // The request id, the time and the process id are random or growing numbers that may hold any 4 digits.
      const { requestId: _requestId, time: _time, pid: _pid, ...fixed } = record;
      expect(JSON.stringify(fixed)).not.toContain("42424242");
      expect(JSON.stringify(fixed)).not.toContain("4321");
    }

    // The merchant's stored card still works (its number is not the merchant's to choose), and other shops and
    // other families are not held up.
    const again = await postTokenization(gateway, shop, {
      request: {
        amount: 100,
        currency: "USD",
        description: "Again",
        duplicate_check: false,
        credit_card: { token: shopper.body.transaction.credit_card.token, verification_value: "123" },
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.transaction.credit_card.stamp).toBe(stamp);
    const elsewhere = await gateway.createShop();
    expect((await tokenize(gateway, elsewhere, decoys[10])).status).toBe(200);
    expect((await tokenize(gateway, shop, victimFamily("9876").victim)).status).toBe(200);

    // After 24 hours the family's numbers are forgotten, and their digests dropped.
    clock.advance(24 * 3600_000 + 1000);
    expect((await tokenize(gateway, shop, decoys[20])).status).toBe(200);
    const sightings = () =>
      gateway.runtime.deps.db.select().from(cardSightings).where(eq(cardSightings.shopId, shop.id));
    expect((await sightings()).length).toBeGreaterThan(1);
    await pruneCardSightings(gateway.runtime.deps);
    expect(await sightings()).toHaveLength(1);
  });

  it("lets three distinct numbers of a family through in 24 hours, and no fourth, nor the shopper's", async () => {
    const shop = await gateway.createShop();
    const { victim, decoys } = victimFamily("1357");
    expect((await tokenize(gateway, shop, victim)).status).toBe(200);
    // The shopper paid more than a day ago: the family starts empty.
    clock.advance(25 * 3600_000);
    for (const decoy of decoys.slice(0, 3)) expect((await tokenize(gateway, shop, decoy)).status).toBe(200);
    // A number already seen passes while the family is below the limit; a new one past it does not.
    expectFamilyLimited(await tokenize(gateway, shop, decoys[3]));
    expectFamilyLimited(await tokenize(gateway, shop, victim));
    expectFamilyLimited(await tokenize(gateway, shop, decoys[0]));
  });

  it("counts a family of a number without bin_8 by its first 6 and last 4 digits", async () => {
    const shop = await gateway.createShop();
    // 15-digit numbers: first 6 and last 4 shown, five digits unknown.
    const family: string[] = [];
    for (let middle = 0; family.length < 4; middle++) {
      const number = `424242${String(middle).padStart(5, "0")}2468`;
      if (isLuhnValid(number)) family.push(number);
    }
    for (const number of family.slice(0, 3)) expect((await tokenize(gateway, shop, number)).status).toBe(200);
    expectFamilyLimited(await tokenize(gateway, shop, family[3]));
  });

  it("keeps security events to the shop, the kind, the time, bin and last 4", async () => {
    const [event] = await gateway.runtime.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.kind, "card_family_limit"))
      .limit(1);
    expect(Object.keys(event).sort()).toEqual(["bin", "createdAt", "id", "kind", "last4", "shopId"]);
  });
});

describe(`decoys sent at once (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  const instances = instancesOnOneDatabase();

  it("let exactly the family's limit through, and then not the shopper's number", async () => {
    for (let round = 0; round < 5; round++) {
      // Without a new-card cap, whose per-shop lock would serialize these requests anyway: the family's own lock
      // must hold.
      const shop = await instances[0].createShop({ new_card_limit_per_minute: 0 });
      const { victim, decoys } = victimFamily(String(1000 + round * 7));
      const shopper = await tokenize(instances[0], shop, victim);
      expect(shopper.status).toBe(200);
      const answers = await Promise.all(
        decoys
          .slice(0, 16)
          .map((decoy, index) => tokenize(instances[index % instances.length], shop, decoy, "222")),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}`,
      ).toHaveLength(2);
      expect(
        statuses.filter((status) => status === 429),
        `round ${round}`,
      ).toHaveLength(14);
      for (const instance of instances) expectFamilyLimited(await tokenize(instance, shop, victim));
    }
  }, 120_000);
});
