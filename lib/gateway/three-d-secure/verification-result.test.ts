import { describe, expect, it } from "vitest";
import { beginThreeDSecure } from "./begin-three-d-secure";
import { ISSUER_SCENARIOS, issuerEnrolment } from "./sandbox-issuer";
import {
  type AuthenticationOutcome,
  failedVerificationMessage,
  finishedVerification,
  issuerUrls,
  startedVerification,
} from "./verification-result";

const urls = issuerUrls("https://pay.example/gateway", "uid-1");

describe("issuerEnrolment", () => {
  it.each([
    ["4012000000001006", "frictionless"],
    ["4012000000001055", "attempted"],
    ["4012000000001097", "challenge"],
    ["4012000000001022", "unavailable"],
    ["4012000000001030", "rejected"],
    ["4012000000001014", "not_authenticated"],
    ["5204240000015003", "frictionless"],
    ["5204240000015011", "attempted"],
    ["5204240000015029", "challenge"],
    ["5204240000015045", "unavailable"],
    ["5204240000015052", "rejected"],
    ["5204240000015060", "not_authenticated"],
    ["4111111111111111", "challenge"],
    ["378282246310005", "challenge"],
  ])("%s: %s", (number, scenario) => {
    expect(issuerEnrolment(number)).toEqual({ enrolled: true, scenario });
  });

  it("leaves the not-enrolled and the acquirer's decline cards out of 3-D Secure", () => {
    expect(issuerEnrolment("4200000000000000")).toEqual({ enrolled: false });
    expect(issuerEnrolment("4005550000000019")).toEqual({ enrolled: false });
  });

  it("names every scenario", () => {
    expect(ISSUER_SCENARIOS).toHaveLength(6);
  });
});

describe("finishedVerification", () => {
  const started = startedVerification({ urls, challenge: true, advanced: true });

  it.each<[AuthenticationOutcome, string, string, string | null]>([
    ["authenticated", "visa", "05", "2"],
    ["attempted", "visa", "06", "2"],
    ["not_authenticated", "visa", "07", null],
    ["authenticated", "master", "02", "3"],
    ["attempted", "maestro", "01", "3"],
    ["rejected", "master", "00", null],
    ["authenticated", "amex", "05", "2"],
    ["expired", "jcb", "07", null],
  ])("%s %s: ECI %s, CAVV algorithm %s", (outcome, brand, eci, algorithm) => {
    const finished = finishedVerification(started, brand, outcome);
    expect(finished.eci).toBe(eci);
    expect(finished.cavv_algorithm).toBe(algorithm);
    expect(finished.cavv === null).toBe(algorithm === null);
    // What was known when it started is kept.
    expect(finished).toMatchObject({
      ve_status: "Y",
      xid: started.xid,
      acs_url: urls.acsUrl,
      pa_res_url: urls.acsUrl,
      method_process_url: urls.methodUrl,
    });
  });

  it("gives every failure a reason and the transaction a message naming it", () => {
    for (const outcome of [
      "unavailable",
      "rejected",
      "not_authenticated",
      "wrong_code",
      "cancelled",
      "expired",
    ] as const) {
      const finished = finishedVerification(started, "visa", outcome);
      expect(finished.status).toBe("failed");
      expect(finished.fail_reason).toBeTruthy();
      expect(failedVerificationMessage(outcome)).toMatch(/^3-D Secure verification failed: [a-z]/);
    }
  });

  it("makes a fresh transaction id and cryptogram each time", () => {
    const a = startedVerification({ urls, challenge: false, advanced: false });
    const b = startedVerification({ urls, challenge: false, advanced: false });
    expect(a.xid).not.toBe(b.xid);
    expect(finishedVerification(a, "visa", "authenticated").cavv).not.toBe(
      finishedVerification(a, "visa", "authenticated").cavv,
    );
  });
});

describe("beginThreeDSecure", () => {
  it("answers frictionless scenarios at once, unless the advanced device-data step comes first", () => {
    expect(
      beginThreeDSecure({ number: "4012000000001006", brand: "visa", advanced: false, urls }),
    ).toMatchObject({
      kind: "finished",
      outcome: "authenticated",
    });
    expect(
      beginThreeDSecure({ number: "4012000000001006", brand: "visa", advanced: true, urls }),
    ).toMatchObject({
      kind: "pending",
      challenge: { scenario: "frictionless", stage: "method" },
      verification: { acs_url: null, method_process_url: urls.methodUrl },
    });
  });

  it("asks a 6-digit one-time code of a challenge card", () => {
    const started = beginThreeDSecure({ number: "4012000000001097", brand: "visa", advanced: false, urls });
    expect(started).toMatchObject({
      kind: "pending",
      challenge: { scenario: "challenge", stage: "challenge" },
    });
    if (started.kind !== "pending") throw new Error("unreachable");
    expect(started.challenge.oneTimeCode).toMatch(/^\d{6}$/);
  });

  it("does not start for a card that is not enrolled", () => {
    expect(beginThreeDSecure({ number: "4200000000000000", brand: "visa", advanced: true, urls })).toEqual({
      kind: "not_enrolled",
    });
  });
});
