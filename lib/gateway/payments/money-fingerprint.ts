import type { MoneyType } from "@/lib/contracts/money-result";
import type { KeyedHashes } from "../vault/keyed-hashes";

/**
 * The duplicate check's fingerprint of a payment, authorization or payout: the tokenization's keyed hash of shop,
 * amount and card number, with the type and currency in front of the number. A payment is then a duplicate of a
 * payment of the same card and amount in the same currency — 7.77 EUR is not 7.77 USD — and not of that card's
 * tokenization or authorization a moment earlier (a shop may well tokenize, then charge; or authorize, then pay
 * the same amount). A tokenization's fingerprint stays as it was.
 */
export function moneyFingerprint(
  hashes: Pick<KeyedHashes, "duplicateFingerprint">,
  input: { type: MoneyType; shopId: number; amount: number; currency: string; number: string },
): string {
  // The number is digits only, so "payment:EUR:4200…" can never be another request's plain number.
  return hashes.duplicateFingerprint({
    shopId: input.shopId,
    amount: input.amount,
    number: `${input.type}:${input.currency}:${input.number}`,
  });
}
