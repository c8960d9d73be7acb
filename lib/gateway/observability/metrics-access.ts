import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether an `Authorization` header carries the metrics token. Both sides are hashed first, so the comparison takes
 * the same time whatever the length of what was sent, and no prefix of the token can be found by timing.
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const sent = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(sent, expected) && match !== null;
}
