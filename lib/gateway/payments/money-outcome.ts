import { SUCCESSFULLY_PROCESSED } from "@/lib/contracts/messages";
import type { MoneyResult, MoneyType } from "@/lib/contracts/money-result";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import { moneyResultFromAnswer } from "../transactions/money-transaction-body";
import type { OwnBody } from "../transactions/own-body";

/** How a money transaction ended: its status, its top-level message, and its result object. */
export interface MoneyOutcome {
  status: "successful" | "failed" | "error";
  message: string;
  result: MoneyResult;
}

const DECLINED: Record<MoneyType, string> = {
  payment: "Payment was declined",
  authorization: "Authorization was declined",
  capture: "Capture was declined",
  void: "Void was declined",
  refund: "Refund was declined",
  credit: "Credit was declined",
};

/**
 * The acquirer's answer as the transaction shows it: "Successfully processed" or "<Type> was declined" at the top
 * (the words the beGateway clients read), the acquirer's own reason in the result object; a processor error
 * says what failed at both levels.
 */
export function outcomeFromAnswer(type: MoneyType, answer: AcquirerAnswer, gatewayId: number): MoneyOutcome {
  const result = moneyResultFromAnswer(answer, gatewayId);
  switch (answer.status) {
    case "successful":
      return { status: "successful", message: SUCCESSFULLY_PROCESSED, result };
    case "failed":
      return { status: "failed", message: DECLINED[type], result };
    case "error":
      return { status: "error", message: answer.message, result };
  }
}

/** Refused before any acquirer was asked (smart routing, 3-D Secure, the merchant's verification_url). */
export function refusedOutcome(message: string, gatewayId: number): MoneyOutcome {
  return {
    status: "failed",
    message,
    result: {
      status: "failed",
      message,
      auth_code: null,
      rrn: null,
      ref_id: null,
      bank_code: null,
      billing_descriptor: null,
      gateway_id: gatewayId,
    },
  };
}

/**
 * A pending payment's, authorization's or payout's own body once it ends: its outcome, the card token and stamp
 * (only a successful one shows them: a declined guess must not confirm a number), `paid_at` (a successful payment
 * or payout), its receipt, and an authorization's expiry (fixed when it succeeds; its `amounts` are rendered from
 * it and its totals at read).
 */
export function finishedMoneyBody(
  started: OwnBody,
  finish: {
    type: MoneyType;
    outcome: MoneyOutcome;
    token: string | null;
    /** The card's per-shop stamp: shown with the token only, as a tokenization shows it. */
    stamp?: string | null;
    at: Date;
    receiptUrl: string;
    verification?: OwnBody["three_d_secure_verification"];
    /** A successful authorization's expiry (`authorizationExpiry`); null for anything else. */
    authorizationExpiresAt: Date | null;
  },
): OwnBody {
  const { outcome, type } = finish;
  const successful = outcome.status === "successful";
  return {
    ...started,
    message: outcome.message,
    paid_at: successful && (type === "payment" || type === "credit") ? finish.at.toISOString() : null,
    credit_card: {
      ...started.credit_card,
      token: successful ? finish.token : null,
      stamp: successful && finish.token ? (finish.stamp ?? null) : null,
    },
    three_d_secure_verification: finish.verification ?? started.three_d_secure_verification,
    result: outcome.result,
    receipt_url: successful ? finish.receiptUrl : null,
    ...(type === "authorization"
      ? { authorization_expires_at: finish.authorizationExpiresAt?.toISOString() ?? null }
      : {}),
  };
}

export function receiptUrl(gatewayPublicUrl: string, uid: string): string {
  return `${gatewayPublicUrl}/process/${uid}/receipt`;
}
