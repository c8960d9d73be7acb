import { type CardBrand, detectBrand } from "@/lib/cards/brand";
import { BIN_TABLE, type BinTableEntry } from "./bin-table";

export type DescribedBrand = CardBrand | "unknown";

export interface CardDescription {
  brand: DescribedBrand;
  bin: string;
  bin_8: string | null;
  last_4: string;
  first_1: string;
  issuer_country: string | null;
  issuer_name: string | null;
  product: string | null;
}

// Only these schemes have moved to 8-digit BINs; for the rest the 8-digit prefix identifies nothing.
const EIGHT_DIGIT_BIN_BRANDS: ReadonlySet<CardBrand> = new Set(["visa", "master", "maestro"]);

// Described on every tokenization, so the lookup is two Map reads rather than a scan of the table.
const BY_PREFIX: ReadonlyMap<string, BinTableEntry> = (() => {
  const index = new Map<string, BinTableEntry>();
  for (const entry of BIN_TABLE) {
    if (!/^(\d{6}|\d{8})$/.test(entry.prefix))
      throw new Error(`BIN table prefix ${entry.prefix} is not 6 or 8 digits`);
    // A duplicate would silently shadow the earlier entry; better to fail at startup.
    if (index.has(entry.prefix)) throw new Error(`BIN table lists prefix ${entry.prefix} twice`);
    index.set(entry.prefix, entry);
  }
  return index;
})();

function hasEightDigitBin(brand: DescribedBrand, entry: BinTableEntry | undefined): boolean {
  if (brand !== "unknown" && EIGHT_DIGIT_BIN_BRANDS.has(brand)) return true;
  return entry?.coBrands?.some((coBrand) => EIGHT_DIGIT_BIN_BRANDS.has(coBrand)) ?? false;
}

/**
 * The shortest number whose first 8 and last 4 digits may be shown together. PCI DSS allows at most the first 8 and
 * last 4 digits of a number of 16 digits or more, and the first 6 and last 4 of a shorter one: of a 12-digit number,
 * 8 + 4 digits are the whole number; of a 13-digit one, the Luhn check digit fills the one gap.
 */
export const MIN_LENGTH_FOR_BIN_8 = 16;

/**
 * The non-secret facts about a card number that may be stored and shown next to its token. Expects a
 * Luhn-checked 12–19 digit number; the guard's message deliberately leaves the number out, since errors get logged.
 * A number shorter than 16 digits is described from its first 6 digits only: no `bin_8`, and no BIN-table entry of
 * 8 digits either, since its issuer or product would tell digits 7 and 8.
 */
export function describeCard(number: string): CardDescription {
  if (!/^\d{12,19}$/.test(number)) throw new RangeError("describeCard expects a 12-19 digit card number");
  const mayShowBin8 = number.length >= MIN_LENGTH_FOR_BIN_8;
  const bin8 = number.slice(0, 8);
  const bin = number.slice(0, 6);
  const entry = (mayShowBin8 ? BY_PREFIX.get(bin8) : undefined) ?? BY_PREFIX.get(bin);
  const brand: DescribedBrand = entry?.brand ?? detectBrand(number) ?? "unknown";
  return {
    brand,
    bin,
    bin_8: mayShowBin8 && hasEightDigitBin(brand, entry) ? bin8 : null,
    last_4: number.slice(-4),
    first_1: number.slice(0, 1),
    issuer_country: entry?.issuerCountry ?? null,
    issuer_name: entry?.issuerName ?? null,
    product: entry?.product ?? null,
  };
}
