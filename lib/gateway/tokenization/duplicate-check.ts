/**
 * The duplicate check (done by TransactionWriter): a request with the same shop,
 * amount and card number as a transaction accepted less than 30 s earlier is rejected. Requests are compared by a
 * keyed fingerprint of those three values, never by the card number itself.
 */
export const DUPLICATE_WINDOW_SECONDS = 30;

/** Advisory-lock key of a fingerprint: its first 60 bits, a well-spread signed bigint. */
export function duplicateLockKey(fingerprint: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${fingerprint.slice(0, 15)}`));
}
