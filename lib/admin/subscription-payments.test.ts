import { describe, expect, it } from "vitest";
import { cycleAttemptUid } from "@/lib/gateway/subscriptions/ids";
import { billingCyclesOf } from "./subscription-payments";

const id = "sbs_0123456789abcdef";
const plan = (trial: { as_first_payment: boolean } | null) =>
  ({ trial }) as unknown as Parameters<typeof billingCyclesOf>[0]["plan"];

describe("billingCyclesOf", () => {
  it("reads each renewal attempt's cycle from its uid, retries included", () => {
    const uids = [
      cycleAttemptUid(id, 1, 1),
      cycleAttemptUid(id, 2, 1),
      cycleAttemptUid(id, 3, 1),
      cycleAttemptUid(id, 3, 2),
    ];
    const cycles = billingCyclesOf({ id, paid_billing_cycles: 2, plan: plan(null) }, uids);
    expect(uids.map((uid) => cycles.get(uid))).toEqual([1, 2, 3, 3]);
  });

  it("gives a hosted page's first payment cycle 1, or the trial's 0 when the trial's charge is not cycle 1", () => {
    const page = "3f4eafef-2d9a-4e11-a5cd-c1ae3abb38e1";
    expect(billingCyclesOf({ id, paid_billing_cycles: 1, plan: plan(null) }, [page]).get(page)).toBe(1);
    const trial = billingCyclesOf({ id, paid_billing_cycles: 0, plan: plan({ as_first_payment: false }) }, [
      page,
    ]);
    expect(trial.get(page)).toBe(0);
    const first = billingCyclesOf({ id, paid_billing_cycles: 1, plan: plan({ as_first_payment: true }) }, [
      page,
    ]);
    expect(first.get(page)).toBe(1);
  });

  it("does not take another subscription's charge for one of this one's cycles", () => {
    const foreign = cycleAttemptUid("sbs_fedcba9876543210", 2, 1);
    expect(billingCyclesOf({ id, paid_billing_cycles: 3, plan: plan(null) }, [foreign]).get(foreign)).toBe(1);
  });
});
