import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions } from "@/lib/db/schema";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import { createParent, postChild, readTransaction } from "../child-helpers";
import { type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";

const DAY = 24 * 3600_000;
const EXPIRY_DAYS = 7;

/** What the sandbox acquirer answers a child of this amount (README, "Test cards"); 091 (slow) approves. */
function sandboxStatus(amount: number): "successful" | "failed" | "error" {
  const ending = amount % 1000;
  if (ending === 51 || ending === 5) return "failed";
  return ending === 96 ? "error" : "successful";
}

/**
 * An amount: absolute (around the parents' amounts, over-limit ones and the sandbox's declining endings
 * included), or relative to what the target has left at that step (its edges: the remainder, one over, one under).
 */
type AmountSpec = { absolute: number } | { relative: number };

type Step =
  | { kind: "capture"; amount: AmountSpec; duplicateCheck: boolean }
  | { kind: "void"; amount: AmountSpec; duplicateCheck: boolean }
  | { kind: "refund"; target: number; amount: AmountSpec; duplicateCheck: boolean }
  | { kind: "advance"; ms: number };

const amountArb: fc.Arbitrary<AmountSpec> = fc.oneof(
  fc
    .oneof(
      fc.integer({ min: 1, max: 400 }),
      fc.integer({ min: 1, max: 3000 }),
      fc.constantFrom(5, 51, 96, 1005, 1051, 2096),
    )
    .map((absolute) => ({ absolute })),
  fc.integer({ min: -3, max: 3 }).map((relative) => ({ relative })),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("capture" as const),
      amount: amountArb,
      duplicateCheck: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("void" as const),
      amount: amountArb,
      duplicateCheck: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("refund" as const),
      target: fc.nat({ max: 5 }),
      amount: amountArb,
      duplicateCheck: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      ms: fc.constantFrom(1_000, 31_000, DAY, 3 * DAY, 6 * DAY + 23 * 3600_000),
    }),
  },
);

/** Parents are made through the API: amounts the sandbox approves. */
const parentAmountArb = fc
  .integer({ min: 100, max: 2500 })
  .filter((amount) => sandboxStatus(amount) === "successful");

/** The model: what the rules say each parent has, step by step. */
interface Model {
  authorization: { uid: string; amount: number; createdAt: number; captured: number; voided: boolean };
  /** Refund parents: the payment first, then each successful capture. */
  refundables: { uid: string; amount: number; refunded: number }[];
  /** Children inserted (whatever the acquirer said), for the 30 s duplicate window. */
  recent: { parent: string; type: string; amount: number; at: number }[];
}

/** The 422 message the rules give, or null when the request goes to the acquirer. */
function predictRefusal(
  model: Model,
  step: Exclude<Step, { kind: "advance" }>,
  amount: number,
  now: number,
): string | null {
  const auth = model.authorization;
  const expired = now >= auth.createdAt + EXPIRY_DAYS * DAY;
  let parent: string;
  if (step.kind === "refund") {
    const target = model.refundables[step.target % model.refundables.length];
    const left = target.amount - target.refunded;
    if (amount > left) return `Amount can't be greater than ${left}.`;
    parent = target.uid;
  } else {
    if (step.kind === "capture") {
      // Only a capture ends with the hold's expiry: a void releases it until capture, expired or not.
      if (expired)
        return `Authorization expired at ${new Date(auth.createdAt + EXPIRY_DAYS * DAY).toISOString()}; it can no longer be captured.`;
      if (auth.voided) return "Authorization has been voided; it can no longer be captured.";
      if (amount > auth.amount - auth.captured) {
        return `Amount can't be greater than ${auth.amount - auth.captured}.`;
      }
    } else {
      if (auth.voided) return "Authorization has already been voided.";
      if (auth.captured > 0) {
        return "Authorization has been captured; only an uncaptured authorization can be voided.";
      }
      if (amount > auth.amount) return `Amount can't be greater than ${auth.amount}.`;
      if (amount < auth.amount)
        return `Amount must be ${auth.amount}: a void releases the whole authorization.`;
    }
    parent = auth.uid;
  }
  const duplicate = model.recent.some(
    (child) =>
      child.parent === parent &&
      child.type === step.kind &&
      child.amount === amount &&
      now - child.at < 30_000,
  );
  return step.duplicateCheck && duplicate ? "Duplicate transaction" : null;
}

describe("money invariants under random sequences of captures, voids and refunds", () => {
  let gateway: TestGateway;
  let clock: ManualClock;
  let shop: TestShop;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-25T09:00:00.000Z"));
    // The sandbox's slow answer (amounts ending in 091) without the wait.
    gateway = await startTestGateway({ clock, acquirer: new SandboxAcquirer({ slowAnswerMs: 5 }) });
    shop = await gateway.createShop();
  });

  afterAll(async () => {
    await gateway.close();
  });

  /** The children of `parentUid` as stored, by status. */
  async function children(parentUid: string) {
    return gateway.runtime.deps.db.select().from(transactions).where(eq(transactions.parentUid, parentUid));
  }

  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

  /** Every invariant, read from the database and from the API. */
  async function checkInvariants(model: Model) {
    const auth = model.authorization;
    const expiresAt = auth.createdAt + EXPIRY_DAYS * DAY;
    const authChildren = await children(auth.uid);
    expect(authChildren.filter((row) => row.status === "incomplete")).toEqual([]);
    const captures = authChildren.filter((row) => row.type === "capture" && row.status === "successful");
    const voids = authChildren.filter((row) => row.type === "void" && row.status === "successful");
    // captured ≤ authorized; a void only of an uncaptured authorization, in full; no capture after a void or the
    // expiry (a void may still release an expired hold).
    expect(sum(captures)).toBeLessThanOrEqual(auth.amount);
    expect(voids.length).toBeLessThanOrEqual(1);
    if (voids.length === 1) {
      expect(captures).toEqual([]);
      expect(voids[0].amount).toBe(auth.amount);
    }
    for (const row of captures) expect(row.createdAt.getTime()).toBeLessThan(expiresAt);
    expect(sum(captures)).toBe(auth.captured);
    expect(voids.length === 1).toBe(auth.voided);

    const reportedAuth: JsonBody = await readTransaction(gateway, shop, auth.uid);
    if (authChildren.some((row) => row.status !== "incomplete")) {
      expect(reportedAuth.amounts).toMatchObject({
        captured: sum(captures),
        voided: sum(voids),
        capturable: voids.length ? 0 : auth.amount - sum(captures),
      });
    }
    // refunded ≤ paid or captured, for the payment and for every capture.
    for (const parent of model.refundables) {
      const refunds = (await children(parent.uid)).filter((row) => row.type === "refund");
      expect(refunds.filter((row) => row.status === "incomplete")).toEqual([]);
      const refunded = sum(refunds.filter((row) => row.status === "successful"));
      expect(refunded).toBeLessThanOrEqual(parent.amount);
      expect(refunded).toBe(parent.refunded);
      const reported: JsonBody = await readTransaction(gateway, shop, parent.uid);
      if (reported.type === "capture" || refunds.length > 0) {
        expect(reported.amounts).toMatchObject({ refunded, refundable: parent.amount - refunded });
      }
    }
  }

  it("holds captured ≤ authorized, refunded ≤ paid or captured, no capture after a void or expiry, and the reported remainders after every step", async () => {
    await fc.assert(
      fc.asyncProperty(
        parentAmountArb,
        parentAmountArb,
        fc.array(stepArb, { minLength: 1, maxLength: 14 }),
        async (authorized, paid, steps) => {
          // Each run starts well clear of the last one's duplicate windows.
          clock.advance(DAY);
          const authorization = await createParent(gateway, shop, {
            type: "authorization",
            amount: authorized,
          });
          const payment = await createParent(gateway, shop, { type: "payment", amount: paid });
          const model: Model = {
            authorization: {
              uid: authorization.uid,
              amount: authorized,
              createdAt: clock.now().getTime(),
              captured: 0,
              voided: false,
            },
            refundables: [{ uid: payment.uid, amount: paid, refunded: 0 }],
            recent: [],
          };
          for (const step of steps) {
            if (step.kind === "advance") {
              clock.advance(step.ms);
              continue;
            }
            const now = clock.now().getTime();
            const target =
              step.kind === "refund" ? model.refundables[step.target % model.refundables.length] : null;
            const auth = model.authorization;
            const left = target
              ? target.amount - target.refunded
              : step.kind === "capture"
                ? auth.amount - auth.captured
                : auth.amount;
            const amount =
              "absolute" in step.amount ? step.amount.absolute : Math.max(1, left + step.amount.relative);
            const refusal = predictRefusal(model, step, amount, now);
            const request = {
              parent_uid: target ? target.uid : model.authorization.uid,
              amount,
              duplicate_check: step.duplicateCheck,
              ...(step.kind === "refund" ? { reason: "Property test" } : {}),
            };
            const path = step.kind === "capture" ? "captures" : step.kind === "void" ? "voids" : "refunds";
            const response = await postChild(gateway, shop, path, request);
            if (refusal) {
              expect({ step, status: response.status, message: response.body.message }).toEqual({
                step,
                status: 422,
                message: refusal,
              });
            } else {
              const expected = sandboxStatus(amount);
              expect({ step, status: response.status, outcome: response.body.transaction?.status }).toEqual({
                step,
                status: 200,
                outcome: expected,
              });
              model.recent.push({ parent: request.parent_uid, type: step.kind, amount, at: now });
              if (expected === "successful") {
                const child = response.body.transaction;
                if (step.kind === "capture") {
                  model.authorization.captured += amount;
                  model.refundables.push({ uid: child.uid, amount, refunded: 0 });
                } else if (step.kind === "void") {
                  model.authorization.voided = true;
                } else if (target) {
                  target.refunded += amount;
                }
              }
            }
            await checkInvariants(model);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
