import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, transactions } from "@/lib/db/schema";
import type { AcquirerAnswer, AuthorizeRequest, CreditRequest } from "@/lib/gateway/acquirer/acquirer";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import {
  callJson,
  futureExpiry,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest } from "../money-helpers";
import { queryTransaction } from "../three-d-secure-helpers";

/**
 * The sandbox acquirer whose answers can be held back from the gateway, as if the process asking had stopped after
 * the acquirer answered but before the answer was stored.
 */
class InterruptedAcquirer extends SandboxAcquirer {
  interrupt = false;
  readonly answered = new Map<string, AcquirerAnswer>();

  override async authorize(request: AuthorizeRequest): Promise<AcquirerAnswer> {
    return this.held(request.idempotencyKey, await super.authorize(request));
  }

  override async credit(request: CreditRequest): Promise<AcquirerAnswer> {
    return this.held(request.idempotencyKey, await super.credit(request));
  }

  private held(key: string, answer: AcquirerAnswer): Promise<AcquirerAnswer> {
    this.answered.set(key, answer);
    return this.interrupt ? new Promise(() => {}) : Promise.resolve(answer);
  }
}

let gateway: TestGateway;
let shop: TestShop;
let clock: ManualClock;
const acquirer = new InterruptedAcquirer();
let seed = 880_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({ clock, acquirer });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

/** Sends a request whose acquirer answer never comes back, and waits until the acquirer has answered it. */
async function interrupted(path: string, body: unknown, authorization = shop.authorization): Promise<string> {
  acquirer.interrupt = true;
  const before = acquirer.answered.size;
  const aborted = new AbortController();
  fetch(`${gateway.url}${path}`, {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: aborted.signal,
  }).catch(() => undefined);
  while (acquirer.answered.size === before) await new Promise((resolve) => setTimeout(resolve, 10));
  acquirer.interrupt = false;
  aborted.abort();
  return [...acquirer.answered.keys()].at(-1) as string;
}

describe("payments whose answer was never stored", () => {
  it("stay incomplete until the sweep, which asks again with the same key and stores the first answer", async () => {
    const uid = await interrupted(
      "/transactions/payments",
      paymentRequest({}, { number: uniqueVisaNumber(seed++) }),
    );
    expect((await queryTransaction(gateway, shop, uid)).status).toBe("incomplete");
    // A live request may still be waiting for its answer: not swept yet.
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(0);
    clock.advance(121_000);
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(1);
    const first = acquirer.answered.get(uid)!;
    const final = await queryTransaction(gateway, shop, uid);
    expect(final).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      payment: { status: "successful", auth_code: first.authCode, rrn: first.rrn },
    });
    expect(final.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    expect(final.amounts).toMatchObject({ refunded: 0, refundable: 1000 });
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(0);
  });

  it("an authorization finished by the sweep expires counted from its creation, not from the sweep", async () => {
    const uid = await interrupted(
      "/transactions/authorizations",
      paymentRequest({ amount: 1200 }, { number: uniqueVisaNumber(seed++) }),
    );
    const started = await queryTransaction(gateway, shop, uid);
    expect(started.amounts).toMatchObject({ capturable: 0, authorization_expires_at: null });
    clock.advance(121_000);
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(1);
    const final = await queryTransaction(gateway, shop, uid);
    expect(final.status).toBe("successful");
    expect(final.amounts).toEqual({
      captured: 0,
      voided: 0,
      refunded: 0,
      capturable: 1200,
      refundable: 0,
      authorization_expires_at: new Date(Date.parse(started.created_at) + 7 * 24 * 3600_000).toISOString(),
    });
  });

  it("a hosted-page charge whose shopper did not save the card: the sweep shows no token and removes the card", async () => {
    const created = await callJson(gateway, "/ctp/api/checkouts", {
      shop,
      body: {
        checkout: {
          transaction_type: "payment",
          order: { amount: 1300, currency: "EUR", description: "Harbour tour" },
          settings: { success_url: "https://merchant.example/ok", save_card_toggle: { display: true } },
        },
      },
    });
    const checkoutToken = created.body.checkout.token;
    const uid = await interrupted(
      "/transactions/tokenizations",
      {
        request: {
          credit_card: { number: uniqueVisaNumber(seed++), verification_value: "123", ...futureExpiry() },
          save_card: false,
        },
      },
      `Bearer ${checkoutToken}`,
    );
    const [row] = await gateway.runtime.deps.db.select().from(transactions).where(eq(transactions.uid, uid));
    const [held] = await gateway.runtime.deps.db
      .select()
      .from(cards)
      .where(eq(cards.token, row.cardToken ?? ""));
    // Kept while the answer is unknown: asking the acquirer again needs the number.
    expect(held.heldForCharge).toBe(true);
    clock.advance(121_000);
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(1);
    const final = await queryTransaction(gateway, shop, uid);
    expect(final).toMatchObject({ status: "successful", credit_card: { token: null, stamp: null } });
    expect(await gateway.runtime.deps.db.select().from(cards).where(eq(cards.token, held.token))).toEqual([]);
  });

  it("a payout to card data, whose card was never kept: recorded as a processor error", async () => {
    const uid = await interrupted("/transactions/credits", {
      request: {
        amount: 700,
        currency: "EUR",
        description: "Payout",
        credit_card: { number: uniqueVisaNumber(seed++), ...futureExpiry() },
      },
    });
    clock.advance(121_000);
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(1);
    expect(await queryTransaction(gateway, shop, uid)).toMatchObject({
      status: "error",
      message: "Processor error: the acquirer's answer was lost",
      credit: { status: "error" },
    });
    // A payout is nobody's parent.
    expect((await queryTransaction(gateway, shop, uid)).amounts).toBeUndefined();
  });
});
