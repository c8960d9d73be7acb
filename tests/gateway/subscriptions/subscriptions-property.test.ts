import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SUBSCRIPTION_STATES, type SubscriptionState } from "@/lib/contracts/subscription";
import { subscriptionCycles, transactions } from "@/lib/db/schema";
import { replaceSubscriptionCard } from "@/lib/gateway/subscriptions/card-update";
import { cycleAttemptUid } from "@/lib/gateway/subscriptions/ids";
import { TRANSITIONS } from "@/lib/gateway/subscriptions/transitions";
import {
  callJson,
  type JsonBody,
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  uniqueVisaNumber,
} from "../harness";

/**
 * Random lives of subscriptions: renewals falling due, hard and soft declines and processor errors (the sandbox
 * decides by card and by amount), cancels, card updates, clock moves, and the scheduler running at the same time as
 * a clock move. Whatever happens, no billing cycle is paid twice, nothing is charged once a subscription is canceled
 * or failed, and every state seen is one the transition table can reach.
 */

let gateway: TestGateway;
let shop: TestShop;
const tokens: Record<"good" | "soft" | "hard", string> = { good: "", soft: "", hard: "" };
let runSeed = 0;

beforeAll(async () => {
  gateway = await startTestGateway();
  shop = await gateway.createShop();
  const store = async (number: string) => {
    const response = await postTokenization(
      gateway,
      shop,
      tokenizationRequest(
        { additional_data: { contract: ["recurring"] }, duplicate_check: false },
        { number },
      ),
    );
    return response.body.transaction.credit_card.token as string;
  };
  tokens.good = await store(uniqueVisaNumber(990_001));
  tokens.soft = await store("4005550000000027");
  tokens.hard = await store("4005550000000050");
}, 120_000);

afterAll(async () => {
  await gateway.close();
}, 120_000);

/** States reachable from `from` through the table (itself included). */
function reachable(from: SubscriptionState): Set<SubscriptionState> {
  const seen = new Set<SubscriptionState>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const state = queue.shift() as SubscriptionState;
    for (const next of TRANSITIONS[state]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

type Action =
  | { kind: "advance"; hours: number }
  | { kind: "advance_with_scheduler"; hours: number }
  | { kind: "scheduler" }
  | { kind: "cancel" }
  | { kind: "card"; card: "good" | "soft" | "hard" };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 24 * 70 }) }),
  fc.record({
    kind: fc.constant("advance_with_scheduler" as const),
    hours: fc.integer({ min: 1, max: 24 * 40 }),
  }),
  fc.record({ kind: fc.constant("scheduler" as const) }),
  fc.record({ kind: fc.constant("cancel" as const) }),
  fc.record({
    kind: fc.constant("card" as const),
    card: fc.constantFrom("good" as const, "soft" as const, "hard" as const),
  }),
);

// Amounts the sandbox approves (with a good card), declines softly (51), hard (05) or meets with a processor error.
const amount = fc.constantFrom(999, 1051, 1005, 1096);

async function chargesOf(id: string) {
  return gateway.runtime.deps.db
    .select({ uid: transactions.uid, status: transactions.status, createdAt: transactions.createdAt })
    .from(transactions)
    .where(sql`${transactions.body}->>'subscription_id' = ${id}`);
}

it("never charges a cycle twice, never charges an ended subscription, and keeps to the table", async () => {
  await fc.assert(
    fc.asyncProperty(
      amount,
      fc.constantFrom("good" as const, "soft" as const, "hard" as const),
      fc.integer({ min: 1, max: 4 }),
      fc.array(action, { minLength: 1, maxLength: 8 }),
      async (planAmount, firstCard, attempts, actions) => {
        runSeed += 1;
        const created = await callJson(gateway, "/subscriptions", {
          shop,
          body: {
            plan: {
              title: "Property",
              currency: "EUR",
              plan: { amount: planAmount, interval: 1, interval_unit: "month" },
              trial: { amount: 0, interval: 1, interval_unit: "day" },
              number_payment_attempts: attempts,
            },
            customer: { email: `property${runSeed}@example.com`, ip: "192.0.2.1" },
            card: { token: tokens[firstCard] },
            test: true,
          },
        });
        expect(created.status).toBe(201);
        const id: string = created.body.id;
        let state: SubscriptionState = created.body.state;
        let clock = Date.now();
        let chargesWhenEnded: number | null = null;

        for (const step of actions) {
          if (step.kind === "advance" || step.kind === "advance_with_scheduler") {
            clock += step.hours * 3_600_000;
            const move = callJson(gateway, `/subscriptions/${id}/test_clock`, {
              shop,
              body: { advance_to: new Date(clock).toISOString() },
            });
            const moves =
              step.kind === "advance_with_scheduler"
                ? await Promise.all([move, gateway.runtime.subscriptions.runOnce()])
                : [await move];
            expect((moves[0] as { status: number }).status).toBe(200);
          } else if (step.kind === "scheduler") {
            await gateway.runtime.subscriptions.runOnce();
          } else if (step.kind === "cancel") {
            const canceled = await callJson(gateway, `/subscriptions/${id}/cancel`, {
              shop,
              body: { cancel_reason: "property" },
            });
            expect([200, 422]).toContain(canceled.status);
          } else {
            await replaceSubscriptionCard(gateway.runtime.deps, id, tokens[step.card]);
          }
          const now: JsonBody = (await callJson(gateway, `/subscriptions/${id}`, { shop })).body;
          expect(SUBSCRIPTION_STATES).toContain(now.state);
          expect(reachable(state).has(now.state)).toBe(true);
          state = now.state;
          const charges = await chargesOf(id);
          if (chargesWhenEnded !== null) expect(charges.length).toBe(chargesWhenEnded);
          else if (["canceled", "failed", "error", "expired"].includes(state))
            chargesWhenEnded = charges.length;
        }

        // Every charge is an attempt of one cycle, under the uid its key gives; a cycle is paid by one charge.
        const cycles = await gateway.runtime.deps.db
          .select()
          .from(subscriptionCycles)
          .where(eq(subscriptionCycles.subscriptionId, id));
        const charges = await chargesOf(id);
        const attemptUids = new Set(
          cycles.flatMap((cycle) =>
            Array.from({ length: cycle.attempts }, (_, attempt) =>
              cycleAttemptUid(id, cycle.cycleNumber, attempt + 1),
            ),
          ),
        );
        for (const charge of charges) expect(attemptUids.has(charge.uid)).toBe(true);
        const successful = charges
          .filter((charge) => charge.status === "successful")
          .map((charge) => charge.uid);
        const paid = cycles.filter((cycle) => cycle.state === "paid");
        expect(successful.sort()).toEqual(paid.map((cycle) => cycle.paidUid).sort());
        expect(charges.every((charge) => charge.status !== "incomplete")).toBe(true);
        const final: JsonBody = (await callJson(gateway, `/subscriptions/${id}`, { shop })).body;
        expect(final.paid_billing_cycles).toBe(paid.length);
        const [open] = await gateway.runtime.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(subscriptionCycles)
          .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.state, "open")));
        expect(open.n).toBeLessThanOrEqual(1);
      },
    ),
    { numRuns: 25 },
  );
}, 600_000);
