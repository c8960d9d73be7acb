import { describe, expect, it } from "vitest";
import { threeDSecureApplies } from "./decide-three-d-secure";

describe("threeDSecureApplies", () => {
  const base = { shopEnabled: false, skipRequested: false, forceRequested: false, routingAction: null };

  it("follows the shop's setting when nothing overrides it", () => {
    expect(threeDSecureApplies({ ...base, shopEnabled: true })).toBe(true);
    expect(threeDSecureApplies(base)).toBe(false);
  });

  it("lets the request skip or force it, force winning over skip", () => {
    expect(threeDSecureApplies({ ...base, shopEnabled: true, skipRequested: true })).toBe(false);
    expect(threeDSecureApplies({ ...base, forceRequested: true })).toBe(true);
    expect(
      threeDSecureApplies({ ...base, shopEnabled: true, skipRequested: true, forceRequested: true }),
    ).toBe(true);
  });

  it.each([
    [true, true, false],
    [true, false, true],
    [false, true, false],
    [false, false, false],
  ])("a skip_3ds rule overrides the shop (%s) and the force flag (%s)", (shopEnabled, forceRequested) => {
    expect(threeDSecureApplies({ ...base, shopEnabled, forceRequested, routingAction: "skip_3ds" })).toBe(
      false,
    );
  });

  it.each([
    [false, false],
    [false, true],
    [true, true],
  ])("a force_3ds rule overrides the shop (%s) and the skip flag (%s)", (shopEnabled, skipRequested) => {
    expect(threeDSecureApplies({ ...base, shopEnabled, skipRequested, routingAction: "force_3ds" })).toBe(
      true,
    );
  });

  it("leaves the decision to the chain for a decline rule (the transaction fails before 3-D Secure)", () => {
    expect(threeDSecureApplies({ ...base, shopEnabled: true, routingAction: "decline" })).toBe(true);
  });
});
