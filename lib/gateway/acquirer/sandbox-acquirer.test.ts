import { describe, expect, it } from "vitest";
import type { AuthorizeRequest } from "./acquirer";
import { SandboxAcquirer } from "./sandbox-acquirer";
import { outcomeByAmount, outcomeForCard } from "./sandbox-outcomes";

const authorization = (overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest => ({
  idempotencyKey: crypto.randomUUID(),
  card: { number: "4200000000000000", expMonth: 12, expYear: 2040, holder: null, verificationValue: "123" },
  amount: 1000,
  currency: "EUR",
  capture: true,
  merchantInitiated: false,
  threeDSecure: null,
  billingDescriptor: null,
  test: true,
  ...overrides,
});

describe("the sandbox acquirer's outcomes", () => {
  it("decides by card first, then by the security code, then by the amount's last three minor units", () => {
    expect(outcomeForCard({ number: "4005550000000027", verificationValue: null, amount: 1000 })).toEqual({
      kind: "decline",
      message: "Insufficient funds",
      bankCode: "51",
    });
    expect(
      outcomeForCard({ number: "4200000000000000", verificationValue: "222", amount: 1000 }),
    ).toMatchObject({
      kind: "decline",
      message: "Security code does not match",
    });
    expect(
      outcomeForCard({ number: "4200000000000000", verificationValue: null, amount: 2051 }),
    ).toMatchObject({
      kind: "decline",
      message: "Insufficient funds",
    });
    expect(outcomeByAmount(1005)).toMatchObject({
      kind: "decline",
      message: "Do not honour",
      bankCode: "05",
    });
    expect(outcomeByAmount(1096)).toMatchObject({ kind: "error", bankCode: "96" });
    expect(outcomeByAmount(1091)).toEqual({ kind: "slow" });
    for (const amount of [1, 151, 105, 1151, 3245, 100_000])
      expect(outcomeByAmount(amount)).toEqual({ kind: "approve" });
  });

  it("approves with an auth code, an RRN and a reference; the same key gets the same answer", async () => {
    const acquirer = new SandboxAcquirer();
    const request = authorization();
    const first = await acquirer.authorize(request);
    expect(first).toEqual({
      status: "successful",
      message: "Approved",
      bankCode: "00",
      authCode: expect.stringMatching(/^\d{6}$/),
      rrn: expect.stringMatching(/^\d{12}$/),
      refId: expect.stringMatching(/^[0-9a-f]{12}$/),
      billingDescriptor: "TESSERA SANDBOX",
    });
    expect(await acquirer.authorize(request)).toEqual(first);
    expect((await acquirer.authorize(authorization())).authCode).toEqual(expect.any(String));
  });

  it("answers a repeated key alike from another instance, after a restart: nothing is kept per transaction", async () => {
    const request = authorization();
    const first = await new SandboxAcquirer().authorize(request);
    expect(await new SandboxAcquirer().authorize(request)).toEqual(first);
    const others = await Promise.all(
      Array.from({ length: 20 }, () => new SandboxAcquirer().authorize(authorization())),
    );
    // Different keys, different references and (almost always) different codes.
    expect(new Set(others.map((answer) => answer.refId)).size).toBe(20);
    expect(new Set(others.map((answer) => answer.rrn)).size).toBeGreaterThan(15);
  });

  it("shares a call in flight: a repeat during a slow answer waits for it and gets the same answer", async () => {
    const acquirer = new SandboxAcquirer({ slowAnswerMs: 50 });
    const request = authorization({ amount: 1091 });
    const [first, second] = await Promise.all([acquirer.authorize(request), acquirer.authorize(request)]);
    expect(second).toBe(first);
  });

  it("answers a processor error with status error, and a slow amount only after the delay", async () => {
    const acquirer = new SandboxAcquirer({ slowAnswerMs: 120 });
    expect(await acquirer.authorize(authorization({ amount: 5096 }))).toMatchObject({
      status: "error",
      authCode: null,
    });
    const started = performance.now();
    expect(
      (await acquirer.credit({ ...authorization({ amount: 5091 }), billingDescriptor: "SHOP" })).status,
    ).toBe("successful");
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("follows the amount rules for captures, voids and refunds", async () => {
    const acquirer = new SandboxAcquirer();
    const followUp = (amount: number) => ({
      idempotencyKey: crypto.randomUUID(),
      parentRefId: "abc",
      amount,
      currency: "EUR",
      test: true,
    });
    expect((await acquirer.capture(followUp(1000))).status).toBe("successful");
    expect((await acquirer.void(followUp(1051))).status).toBe("failed");
    expect((await acquirer.refund({ ...followUp(1096), reason: "Returned" })).status).toBe("error");
  });
});
