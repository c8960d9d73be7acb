/**
 * The advisory-lock key of a hex digest (a keyed fingerprint): its first 60 bits, a well-spread signed bigint. The
 * duplicate check locks a request's fingerprint with it, the card sightings a card family's.
 */
export function advisoryLockKey(digest: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${digest.slice(0, 15)}`));
}
