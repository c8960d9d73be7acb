import { randomInt } from "node:crypto";
import { type IssuerScenario, issuerEnrolment } from "./sandbox-issuer";
import {
  type AuthenticationOutcome,
  FRICTIONLESS_OUTCOMES,
  finishedVerification,
  type IssuerUrls,
  startedVerification,
  type ThreeDSecureVerification,
} from "./verification-result";

/** A verification the shopper still has to go through on the issuer's page. */
export interface PendingChallenge {
  scenario: IssuerScenario;
  /** `method`: the 3-D Secure 2 device-data step comes first; `challenge`: the one-time code is asked. */
  stage: "method" | "challenge";
  oneTimeCode: string;
}

export type ThreeDSecureStart =
  /** The card is not enrolled: tokenized without 3-D Secure. */
  | { kind: "not_enrolled" }
  /** Decided at once, without the shopper (frictionless, attempted, or failed by the issuer). */
  | { kind: "finished"; outcome: AuthenticationOutcome; verification: ThreeDSecureVerification }
  | { kind: "pending"; verification: ThreeDSecureVerification; challenge: PendingChallenge };

function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Starts 3-D Secure for a tokenization it applies to: the sandbox issuer's enrolment decides what follows. */
export function beginThreeDSecure(options: {
  number: string;
  brand: string;
  /** `three_d_secure.advanced`: the device-data step runs before anything else. */
  advanced: boolean;
  urls: IssuerUrls;
}): ThreeDSecureStart {
  const enrolment = issuerEnrolment(options.number);
  if (!enrolment.enrolled) return { kind: "not_enrolled" };
  const { scenario } = enrolment;
  const verification = startedVerification({
    urls: options.urls,
    challenge: scenario === "challenge",
    advanced: options.advanced,
  });
  if (scenario !== "challenge" && !options.advanced) {
    const outcome = FRICTIONLESS_OUTCOMES[scenario];
    return {
      kind: "finished",
      outcome,
      verification: finishedVerification(verification, options.brand, outcome),
    };
  }
  return {
    kind: "pending",
    verification,
    challenge: { scenario, stage: options.advanced ? "method" : "challenge", oneTimeCode: newOneTimeCode() },
  };
}
