/**
 * The acquirer: the only thing that moves money. Gateway code talks to it through this interface alone and never
 * asks which implementation is behind it (the sandbox ships; a real processor would be another module).
 *
 * Every call carries an idempotency key — the uid of the transaction it is for — so a call repeated after a crash
 * or a timeout is answered as the first one was, and moves no money twice.
 */

/** Card data in plaintext, alive only for the duration of one request. */
export interface AcquirerCard {
  number: string;
  expMonth: number;
  expYear: number;
  holder: string | null;
  /** Null for merchant-initiated charges and after 3-D Secure (the code is never kept for the challenge). */
  verificationValue: string | null;
}

export interface AcquirerAnswer {
  /** `failed`: declined by the issuer or acquirer; `error`: the processor could not answer. */
  status: "successful" | "failed" | "error";
  /** Short reason, e.g. "Approved", "Insufficient funds". */
  message: string;
  /** ISO 8583-style response code: 00 approved, 05 do not honour, 51 insufficient funds, 96 system malfunction. */
  bankCode: string;
  /** Set on approvals. */
  authCode: string | null;
  rrn: string | null;
  /** The acquirer's reference of this operation; children name their parent's. */
  refId: string | null;
  billingDescriptor: string | null;
}

export interface AuthorizeRequest {
  idempotencyKey: string;
  card: AcquirerCard;
  amount: number;
  currency: string;
  /** True for a payment (authorize and capture at once), false for an authorization that a capture completes. */
  capture: boolean;
  /** Merchant-initiated (a `recurring` token, no shopper present): no security code, no 3-D Secure. */
  merchantInitiated: boolean;
  /** The 3-D Secure authentication result when the shopper passed a verification. */
  threeDSecure: { eci: string | null; cavv: string | null } | null;
  billingDescriptor: string | null;
  /** A test transaction (a test-mode shop's, or one the request marked `test`): a processor must not move real money. */
  test: boolean;
}

/** A capture, void or refund of an earlier approval, named by the acquirer's own reference. */
export interface FollowUpRequest {
  idempotencyKey: string;
  parentRefId: string;
  amount: number;
  currency: string;
  /** The parent's: a test payment's refund is a test refund. */
  test: boolean;
}

export interface CreditRequest {
  idempotencyKey: string;
  card: AcquirerCard;
  amount: number;
  currency: string;
  billingDescriptor: string | null;
  /** A test transaction (a test-mode shop's, or one the request marked `test`): a processor must not move real money. */
  test: boolean;
}

/** A check of a card that moves no money (a tokenization): is it good, and does its security code match. */
export interface VerifyRequest {
  idempotencyKey: string;
  card: AcquirerCard;
  /** What the shopper is shown; nothing is authorized. */
  amount: number;
  currency: string;
  test: boolean;
}

/** The security-code check's result code: M match, N no match, U not processed, E error, 0 not supported. */
export type CvcResult = "M" | "N" | "U" | "E" | "0";

export interface VerificationAnswer {
  status: "successful" | "failed";
  message: string;
  /** Null when no code was sent or the acquirer gave no result for it. */
  cvcResult: CvcResult | null;
}

/**
 * What the acquirer reports of a dispute: the cardholder's bank opened an inquiry or a chargeback on a charge (or sent
 * an early fraud warning), escalated an inquiry, or decided. The gateway applies each event once (`eventId`), in
 * `occurredAt` order, and never lets one move a dispute backwards.
 */
export interface AcquirerDisputeEvent {
  eventId: string;
  /** The acquirer's id of the dispute (or warning) its events share. */
  disputeRef: string;
  /** The charge disputed, by the key the gateway called it with: the payment's or capture's uid. */
  transactionUid: string;
  kind: "inquiry" | "chargeback" | "early_fraud_warning";
  action: "opened" | "escalated" | "won" | "lost" | "closed";
  /** Stripe's words: fraudulent, product_not_received, duplicate, … */
  reason: string;
  /** The card network's code, e.g. Visa 10.4, Mastercard 4853. */
  networkReasonCode: string;
  /** Minor units; null for whatever of the charge is not refunded (nor charged back) when the dispute opens. */
  amount: number | null;
  /** Raised on a test transaction: test disputes only ever come of test transactions. */
  test: boolean;
  occurredAt: string;
}

export interface Acquirer {
  /** Checks a card for a tokenization; never moves money. */
  verify(request: VerifyRequest): Promise<VerificationAnswer>;
  authorize(request: AuthorizeRequest): Promise<AcquirerAnswer>;
  capture(request: FollowUpRequest): Promise<AcquirerAnswer>;
  void(request: FollowUpRequest): Promise<AcquirerAnswer>;
  refund(request: FollowUpRequest & { reason: string }): Promise<AcquirerAnswer>;
  /** A payout to a card. */
  credit(request: CreditRequest): Promise<AcquirerAnswer>;
  /**
   * Dispute events since the last call, for an acquirer the gateway polls. One that pushes them (a webhook of its
   * own) hands them to `receiveDisputeEvents` (lib/gateway/disputes/dispute-inbox.ts) instead: the same inbox either
   * way. Absent: the acquirer reports no disputes.
   */
  pollDisputeEvents?(): Promise<AcquirerDisputeEvent[]>;
}

/** The answer the gateway records when the acquirer could not be reached at all. */
export const ACQUIRER_UNREACHABLE: AcquirerAnswer = {
  status: "error",
  message: "Processor error: the acquirer did not answer",
  bankCode: "91",
  authCode: null,
  rrn: null,
  refId: null,
  billingDescriptor: null,
};
