import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityEvents, transactions } from "@/lib/db/schema";
import { candidates, FAMILY_LIMITED, NEW_CARD_LIMITED } from "../card-limits-helpers";
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
import { paymentRequest, postPayment, RecordingAcquirer } from "../money-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * A payment's number counts against the card limits as a tokenization's does, checked and recorded by the payment's
 * first write in the same statement: a refused number is answered `429` with nothing written and nobody asked —
 * neither the acquirer nor the merchant's verification_url.
 */

/** The first `count` numbers of one card family (same first 8 and last 4 digits). */
const family = (first8: string, last4: string, count: number) => candidates(first8, last4).slice(0, count);

let acquirer: RecordingAcquirer;
let gateway: TestGateway;
let receiver: WebhookReceiver;

beforeAll(async () => {
  acquirer = new RecordingAcquirer();
  gateway = await startTestGateway({ acquirer });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

const pay = (on: TestGateway, shop: TestShop, number: string, request: Record<string, unknown> = {}) =>
  postPayment(on, shop, paymentRequest({ amount: 1999, duplicate_check: false, ...request }, { number }));

function expectRefused(response: JsonResponse, body: typeof FAMILY_LIMITED) {
  expect({ status: response.status, body: response.body }).toEqual({ status: 429, body });
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
}

async function transactionsOf(on: TestGateway, shop: TestShop) {
  return on.runtime.deps.db.select().from(transactions).where(eq(transactions.shopId, shop.id));
}

describe("a payment's card, against the card limits", () => {
  it("the family limit: three numbers of a family pay, a fourth is refused with nothing written or asked", async () => {
    const shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
    const [first, second, third, fourth] = family("42424242", "0123", 4);
    for (const number of [first, second, third]) expect((await pay(gateway, shop, number)).status).toBe(200);
    const callsBefore = acquirer.calls.length;
    expectRefused(await pay(gateway, shop, fourth), FAMILY_LIMITED);
    // Even a number the shop was given before: at the limit the whole family is refused.
    expectRefused(await pay(gateway, shop, first, { amount: 2999 }), FAMILY_LIMITED);
    expect(acquirer.calls.length).toBe(callsBefore);
    expect(await transactionsOf(gateway, shop)).toHaveLength(3);
    const events = await gateway.runtime.deps.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.shopId, shop.id), eq(securityEvents.kind, "card_family_limit")));
    expect(events.map((event) => event.last4)).toEqual(["0123", "0123"]);
  });

  it("counts payments and tokenizations of one shop together", async () => {
    const shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
    const [first, second, third, fourth] = family("42424242", "0456", 4);
    for (const number of [first, second]) {
      const tokenized = await postTokenization(
        gateway,
        shop,
        tokenizationRequest({ duplicate_check: false }, { number }),
      );
      expect(tokenized.status).toBe(200);
    }
    expect((await pay(gateway, shop, third)).status).toBe(200);
    expectRefused(await pay(gateway, shop, fourth), FAMILY_LIMITED);
    const tokenizedFourth = await postTokenization(
      gateway,
      shop,
      tokenizationRequest({ duplicate_check: false }, { number: fourth }),
    );
    expectRefused(tokenizedFourth, FAMILY_LIMITED);
  });

  it("the new-card cap: new numbers beyond the shop's cap in a minute are refused; a stored card's token is not counted", async () => {
    const shop = await gateway.createShop({ new_card_limit_per_minute: 2 });
    const [a] = family("42424242", "0789", 1);
    const [b] = family("42424242", "0912", 1);
    const [c] = family("42424242", "0345", 1);
    const paidA = await pay(gateway, shop, a);
    expect(paidA.status).toBe(200);
    expect((await pay(gateway, shop, b)).status).toBe(200);
    expectRefused(await pay(gateway, shop, c), NEW_CARD_LIMITED);
    // Charged by its token, a card the shop holds is no new card.
    const token = paidA.body.transaction.credit_card.token;
    const byToken = await postPayment(
      gateway,
      shop,
      paymentRequest(
        { amount: 1999, duplicate_check: false },
        { number: undefined, token, verification_value: "123" },
      ),
    );
    expect(byToken.status).toBe(200);
    expect(byToken.body.transaction.status).toBe("successful");
  });

  it("is checked before the merchant's verification_url is asked", async () => {
    const shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
    const numbers = family("42424242", "0678", 4);
    for (const number of numbers.slice(0, 3)) expect((await pay(gateway, shop, number)).status).toBe(200);
    receiver.answer = () => ({ status: 200, body: '{"code":0}', contentType: "application/json" });
    const asked = receiver.received.length;
    expectRefused(
      await pay(gateway, shop, numbers[3], { verification_url: `${receiver.origin}/verify` }),
      FAMILY_LIMITED,
    );
    expect(receiver.received.length).toBe(asked);
  });
});

describe(`payments of one family sent at once (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  const instances = instancesOnOneDatabase();

  it("let exactly the family's limit through, and write nothing for the others", async () => {
    for (let round = 0; round < 3; round++) {
      // Without a new-card cap, whose per-shop lock would serialize these requests anyway.
      const shop = await instances[0].createShop({ new_card_limit_per_minute: 0 });
      const numbers = family("42424242", String(1100 + round * 7), 12);
      const answers = await Promise.all(
        numbers.map((number, index) => pay(instances[index % instances.length], shop, number)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}`,
      ).toHaveLength(3);
      expect(
        statuses.filter((status) => status === 429),
        `round ${round}`,
      ).toHaveLength(9);
      expect(await transactionsOf(instances[0], shop), `round ${round}`).toHaveLength(3);
    }
  }, 120_000);
});
