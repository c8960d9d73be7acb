/**
 * Every transaction's uid is a lowercase UUID (the gateway makes them with `randomUUID()`), so a string of any
 * other shape names no transaction: it is answered as unknown (or, as a filter, refused as invalid) without a
 * query — and never reaches the database, which would refuse some of them (a NUL byte) as an error of its own.
 * Its own module, with no imports, so that the browser's code can check a uid without the contracts' schemas.
 */
export const TRANSACTION_UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isTransactionUid(value: string): boolean {
  return TRANSACTION_UID_PATTERN.test(value);
}
