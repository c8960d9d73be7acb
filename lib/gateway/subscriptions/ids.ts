import { createHash, randomBytes } from "node:crypto";

export function generatePlanId(): string {
  return `pln_${randomBytes(8).toString("hex")}`;
}

export function generateSubscriptionId(): string {
  return `sbs_${randomBytes(8).toString("hex")}`;
}

/**
 * The uid of a billing cycle's charge attempt, derived from the cycle's key (subscription, cycle number) and the
 * attempt: a UUID (version 8, RFC 9562) of a SHA-256 of them. It is also the acquirer's idempotency key, so asking
 * again about an attempt whose answer was lost can never charge the cycle a second time, and the transactions'
 * primary key refuses a second write of one attempt.
 */
export function cycleAttemptUid(subscriptionId: string, cycleNumber: number, attempt: number): string {
  const hex = createHash("sha256")
    .update(`${subscriptionId}/cycle/${cycleNumber}/attempt/${attempt}`)
    .digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The uid of a plan change's prorated charge, derived from the change's key (subscription, change number) as a
 * cycle's attempt is: also the acquirer's idempotency key, so a change is charged at most once however often it is
 * asked about again.
 */
export function planChangeUid(subscriptionId: string, changeNumber: number): string {
  const hex = createHash("sha256").update(`${subscriptionId}/change/${changeNumber}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
