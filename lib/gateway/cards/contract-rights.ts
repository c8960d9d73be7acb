import type { Contract } from "@/lib/contracts/tokenization";

/**
 * What a stored card's token may do, by its contract (DESIGN.md, "Money movement"; `resolveMoneyCard` enforces the
 * same): no contract allows shopper-present charges with the security code and payouts; `recurring` charges
 * without the shopper; `oneclick` shopper-present charges; `credit` payouts.
 */
export type CardRight = "merchant_initiated" | "shopper_present" | "payout";

export function contractRights(contract: readonly string[]): Set<CardRight> {
  if (contract.length === 0) return new Set(["shopper_present", "payout"]);
  const rights = new Set<CardRight>();
  if (contract.includes("recurring")) rights.add("merchant_initiated");
  if (contract.includes("oneclick")) rights.add("shopper_present");
  if (contract.includes("credit")) rights.add("payout");
  return rights;
}

/** The rights `requested` would give that `stored` does not have (empty: `requested` is within it). */
export function rightsBeyond(requested: readonly string[], stored: readonly string[]): CardRight[] {
  const held = contractRights(stored);
  return [...contractRights(requested)].filter((right) => !held.has(right));
}

/**
 * The 422 of a request that would give a new token of a stored card more than that card's contract, under
 * `additional_data.contract`.
 */
export function widerContractMessage(stored: readonly Contract[] | readonly string[]): string {
  const named = stored.length === 0 ? "none" : stored.join(", ");
  return (
    `can't give a stored card more than its contract (${named}) without the shopper: ` +
    "a customer-initiated request with the security code, and 3-D Secure where the shop has it"
  );
}
