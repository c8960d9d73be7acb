import { randomBytes } from "node:crypto";
import type { Transaction } from "@/lib/contracts/transaction";
import type { IssuerScenario } from "./sandbox-issuer";

export type ThreeDSecureVerification = Transaction["three_d_secure_verification"];

/** How an authentication ended: the two that pass, and every way it can fail. */
export type AuthenticationOutcome =
  | "authenticated"
  | "attempted"
  | "unavailable"
  | "rejected"
  | "not_authenticated"
  | "wrong_code"
  | "cancelled"
  | "expired";

/** The outcome a scenario reaches without a challenge (`challenge` needs the shopper's code). */
export const FRICTIONLESS_OUTCOMES: Record<Exclude<IssuerScenario, "challenge">, AuthenticationOutcome> = {
  frictionless: "authenticated",
  attempted: "attempted",
  unavailable: "unavailable",
  rejected: "rejected",
  not_authenticated: "not_authenticated",
};

interface OutcomeFacts {
  paStatus: "Y" | "A" | "U" | "R" | "N";
  message: string;
  failReason: string | null;
}

export const WRONG_CODE_LIMIT = 3;

const OUTCOMES: Record<AuthenticationOutcome, OutcomeFacts> = {
  authenticated: { paStatus: "Y", message: "Authentication successful", failReason: null },
  attempted: { paStatus: "A", message: "Authentication attempted", failReason: null },
  unavailable: {
    paStatus: "U",
    message: "Authentication unavailable",
    failReason: "The issuer could not authenticate the cardholder",
  },
  rejected: {
    paStatus: "R",
    message: "Authentication rejected",
    failReason: "The issuer rejected the authentication",
  },
  not_authenticated: {
    paStatus: "N",
    message: "Authentication failed",
    failReason: "The cardholder was not authenticated",
  },
  wrong_code: {
    paStatus: "N",
    message: "Authentication failed",
    failReason: `Wrong one-time code entered ${WRONG_CODE_LIMIT} times`,
  },
  cancelled: { paStatus: "N", message: "Authentication failed", failReason: "Cancelled by the cardholder" },
  expired: {
    paStatus: "U",
    message: "Authentication failed",
    failReason: "The verification was not completed in time",
  },
};

export function outcomePassed(outcome: AuthenticationOutcome): boolean {
  return outcome === "authenticated" || outcome === "attempted";
}

/** The transaction's `message` when 3-D Secure failed it. */
export function failedVerificationMessage(outcome: AuthenticationOutcome): string {
  const reason = OUTCOMES[outcome].failReason ?? OUTCOMES[outcome].message;
  return `3-D Secure verification failed: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
}

// Mastercard-family ECIs (02 authenticated, 01 attempted, 00 not authenticated); every other scheme uses Visa's
// 05 / 06 / 07, as American Express, JCB, Discover and UnionPay do.
const MASTERCARD_FAMILY = new Set(["master", "maestro"]);

function electronicCommerceIndicator(brand: string, paStatus: OutcomeFacts["paStatus"]): string {
  const mastercard = MASTERCARD_FAMILY.has(brand);
  if (paStatus === "Y") return mastercard ? "02" : "05";
  if (paStatus === "A") return mastercard ? "01" : "06";
  return mastercard ? "00" : "07";
}

/** CAVV algorithm as the PARes reports it: 3 for Mastercard's SPA (AAV), 2 (CVV with ATN) otherwise. */
function cavvAlgorithm(brand: string): string {
  return MASTERCARD_FAMILY.has(brand) ? "3" : "2";
}

export interface IssuerUrls {
  /** The issuer's page (the access control server's challenge), `{base_url}/process/{uid}`. */
  acsUrl: string;
  /** The device-data step of 3-D Secure 2, `{base_url}/process/{uid}/method`. */
  methodUrl: string;
}

export function issuerUrls(gatewayPublicUrl: string, uid: string): IssuerUrls {
  const acsUrl = `${gatewayPublicUrl}/process/${uid}`;
  return { acsUrl, methodUrl: `${acsUrl}/method` };
}

/**
 * The verification of an enrolled card when it starts: enrolment known (`ve_status` Y), a transaction id, and
 * the pages the shopper will see; the result fields stay null until it ends.
 */
export function startedVerification(options: {
  urls: IssuerUrls;
  /** The shopper will see the challenge page. */
  challenge: boolean;
  /** The 3-D Secure 2 device-data step runs first (`three_d_secure.advanced`). */
  advanced: boolean;
}): ThreeDSecureVerification {
  const { urls, challenge, advanced } = options;
  return {
    status: null,
    message: null,
    ve_status: "Y",
    pa_status: null,
    eci: null,
    // 3-D Secure 1's XID: 20 random bytes, base64.
    xid: randomBytes(20).toString("base64"),
    cavv: null,
    cavv_algorithm: null,
    fail_reason: null,
    acs_url: challenge ? urls.acsUrl : null,
    // The page posts the shopper's answer back to itself, where the gateway reads it.
    pa_res_url: challenge ? urls.acsUrl : null,
    method_process_url: advanced ? urls.methodUrl : null,
  };
}

/** The verification once it ended, from the started one (keeping its XID and URLs). */
export function finishedVerification(
  started: ThreeDSecureVerification,
  brand: string,
  outcome: AuthenticationOutcome,
): ThreeDSecureVerification {
  const facts = OUTCOMES[outcome];
  const passed = outcomePassed(outcome);
  return {
    ...started,
    status: passed ? "successful" : "failed",
    message: facts.message,
    pa_status: facts.paStatus,
    eci: electronicCommerceIndicator(brand, facts.paStatus),
    // The issuer's cryptogram exists only for an authentication (or attempt) it vouches for.
    cavv: passed ? randomBytes(20).toString("base64") : null,
    cavv_algorithm: passed ? cavvAlgorithm(brand) : null,
    fail_reason: facts.failReason,
  };
}
