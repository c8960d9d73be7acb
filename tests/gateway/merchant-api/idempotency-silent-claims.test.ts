import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, transactions } from "@/lib/db/schema";
import type { AcquirerAnswer, AuthorizeRequest } from "@/lib/gateway/acquirer/acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import { SILENT_CLAIM_SECONDS } from "@/lib/gateway/idempotency/claim-idempotency-key";
import {
  callJson,
  type JsonResponse,
  startTestGateway,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
} from "../harness";
import { paymentRequest, RecordingAcquirer } from "../money-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * A request whose instance dies mid-way leaves its RequestID claimed. What a repeat gets depends on how far it went:
 * before any money transaction was written, the claim is taken over once it has been silent for
 * `SILENT_CLAIM_SECONDS` (and the request, should it come back to life, gives up before writing); after, the key is
 * already bound to the transaction, whose answer it gets once a recovery sweep has finished it. The instance's death
 * is played by a request held at the acquirer (or at the merchant's verification_url) while the clock moves on.
 */

/** The sandbox's answers, except that an authorization of `heldAmount` waits for `release()` the first time. */
class HoldingAcquirer extends RecordingAcquirer {
  heldAmount = -1;
  private releaseHeld: (() => void) | null = null;
  private held: Promise<void> | null = null;

  hold(amount: number): void {
    this.heldAmount = amount;
    this.held = new Promise((resolve) => {
      this.releaseHeld = resolve;
    });
  }

  release(): void {
    this.releaseHeld?.();
  }

  override async authorize(request: AuthorizeRequest): Promise<AcquirerAnswer> {
    const answer = super.authorize(request);
    if (request.amount === this.heldAmount && this.held) {
      const held = this.held;
      this.held = null;
      await held;
    }
    return answer;
  }
}

let gateway: TestGateway;
let shop: TestShop;
let clock: ManualClock;
let receiver: WebhookReceiver;
const acquirer = new HoldingAcquirer();
let seed = 995_000;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  gateway = await startTestGateway({ clock, acquirer });
  shop = await gateway.createShop();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  await gateway.close();
});

function post(body: unknown, requestId: string): Promise<JsonResponse> {
  return callJson(gateway, "/transactions/payments", { shop, body, headers: { RequestID: requestId } });
}

async function keyRow(key: string) {
  const [row] = await gateway.runtime.deps.db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row;
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 10) {
    if (waited > 10_000) throw new Error("condition not met in 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function authorizationsOf(amount: number) {
  return acquirer.calls.filter((call) => call.amount === amount && call.operation.startsWith("authorize"));
}

describe("a RequestID whose request went silent", () => {
  it("after its payment was written: bound to it before the acquirer is asked, then answered by the payment", async () => {
    const amount = 4_401;
    const body = paymentRequest({ amount }, { number: uniqueVisaNumber(seed++) });
    acquirer.hold(amount);
    const first = post(body, "silent-after-write");
    await until(() => authorizationsOf(amount).length === 1);
    const uid = authorizationsOf(amount)[0].idempotencyKey;
    // Before the acquirer answers, the key already names the transaction: an instance dying now leaves no orphan.
    expect(await keyRow("silent-after-write")).toMatchObject({ state: "pending", transactionUid: uid });

    clock.advance((SILENT_CLAIM_SECONDS + 1) * 1000);
    const whileInFlight = await post(body, "silent-after-write");
    expect(whileInFlight.status).toBe(409);
    expect(authorizationsOf(amount)).toHaveLength(1);

    // The recovery sweep finishes the payment the silent request left: its answer is the key's from then on.
    clock.advance(121_000);
    expect(await gateway.runtime.paymentRecovery.sweepOnce()).toBe(1);
    const replayed = await post(body, "silent-after-write");
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body.transaction).toMatchObject({ uid, status: "successful", amount });
    expect(await keyRow("silent-after-write")).toMatchObject({ state: "completed", transactionUid: uid });

    acquirer.release();
    await first;
    const payments = await gateway.runtime.deps.db
      .select({ uid: transactions.uid })
      .from(transactions)
      .where(eq(transactions.amount, amount));
    expect(payments.map((row) => row.uid)).toEqual([uid]);
    expect(new Set(authorizationsOf(amount).map((call) => call.idempotencyKey))).toEqual(new Set([uid]));
  });

  it("before any money transaction: taken over by a repeat, and the silent request gives up without writing", async () => {
    const amount = 4_402;
    const body = paymentRequest(
      { amount, verification_url: `${receiver.origin}/verify-silent` },
      { number: uniqueVisaNumber(seed++) },
    );
    const seen = receiver.received.length;
    // The merchant's verification_url answers the first request late (approving it), every later one at once.
    receiver.answer = (_request, index) =>
      index === seen
        ? { status: 200, body: '{"code":0}', contentType: "application/json", delayMs: 1_500 }
        : { status: 200, body: '{"code":0}', contentType: "application/json" };
    const first = post(body, "silent-before-write");
    await until(() => receiver.received.length === seen + 1);
    expect(await keyRow("silent-before-write")).toMatchObject({ state: "pending", transactionUid: null });
    const silentClaim = (await keyRow("silent-before-write")).createdAt;

    clock.advance((SILENT_CLAIM_SECONDS + 1) * 1000);
    const repeat = await post(body, "silent-before-write");
    expect(repeat.status).toBe(200);
    expect(repeat.body.transaction).toMatchObject({ status: "successful", amount });
    const key = await keyRow("silent-before-write");
    expect(key).toMatchObject({ state: "completed", transactionUid: repeat.body.transaction.uid });
    expect(key.createdAt.getTime()).toBeGreaterThan(silentClaim.getTime());

    // The first request is approved by the merchant after its claim was taken over: it writes nothing, asks nothing.
    const late = await first;
    expect(late.status).toBe(409);
    expect(authorizationsOf(amount)).toHaveLength(1);
    const payments = await gateway.runtime.deps.db
      .select({ uid: transactions.uid })
      .from(transactions)
      .where(eq(transactions.amount, amount));
    expect(payments.map((row) => row.uid)).toEqual([repeat.body.transaction.uid]);
    // And the key keeps the answer of the request that ran.
    const again = await post(body, "silent-before-write");
    expect(again.body).toEqual(repeat.body);
  });

  it("a claim still fresh is not taken over: the repeat waits for it", async () => {
    const amount = 4_403;
    const body = paymentRequest(
      { amount, verification_url: `${receiver.origin}/verify-fresh` },
      { number: uniqueVisaNumber(seed++) },
    );
    const seen = receiver.received.length;
    receiver.answer = (_request, index) =>
      index === seen
        ? { status: 200, body: '{"code":0}', contentType: "application/json", delayMs: 1_000 }
        : { status: 200, body: '{"code":0}', contentType: "application/json" };
    const first = post(body, "fresh-claim");
    await until(() => receiver.received.length === seen + 1);
    clock.advance((SILENT_CLAIM_SECONDS - 5) * 1000);
    const [original, repeat] = await Promise.all([first, post(body, "fresh-claim")]);
    expect(original.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body).toEqual(original.body);
    expect(authorizationsOf(amount)).toHaveLength(1);
  });
});
