/**
 * What the admin's read endpoints send to the browser. A stored card's token charges the card again with the
 * shop's key, and its stamp links the card across transactions: the admin pages need neither, so neither leaves
 * the server. A card keeps `token_issued`, all the pages show of its token.
 */

export type BrowserCard<T> = Omit<T, "token" | "stamp"> & { token_issued: boolean };

function scrub(value: unknown, underCard: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => scrub(item, false));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "stamp") continue;
    if (underCard && key === "token") continue;
    copy[key] = scrub(item, key === "credit_card");
  }
  if (underCard) copy.token_issued = typeof (value as { token?: unknown }).token === "string";
  return copy;
}

/** A deep copy of a gateway answer without any `credit_card.token` or `stamp`. */
export function forTheBrowser<T>(value: T): T {
  return scrub(value, false) as T;
}
