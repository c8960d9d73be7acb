// Shared with browser code: keep this module free of node: imports and of anything but plain data and functions.

export const CARD_BRANDS = [
  "visa",
  "master",
  "amex",
  "maestro",
  "discover",
  "jcb",
  "diners",
  "unionpay",
  "mir",
  "belkart",
] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];

const BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: "Visa",
  master: "Mastercard",
  amex: "American Express",
  maestro: "Maestro",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
  mir: "Mir",
  belkart: "Belkart",
};

/** The gateway's brand code ("master") as people know the brand ("Mastercard"); a proper name in every language. */
export function brandDisplayName(brand: string): string {
  return BRAND_NAMES[brand as CardBrand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

interface IinRange {
  /** Inclusive bounds, both with the same number of digits. */
  from: string;
  to: string;
  brand: CardBrand;
}

function range(from: string, to: string, brand: CardBrand): IinRange {
  return { from, to, brand };
}

function prefix(value: string, brand: CardBrand): IinRange {
  return { from: value, to: value, brand };
}

// When ranges overlap, the one with more digits wins, so a broad range can be listed alongside its exceptions.
const IIN_RANGES: readonly IinRange[] = [
  prefix("4", "visa"),
  range("51", "55", "master"),
  range("2221", "2720", "master"),
  prefix("34", "amex"),
  prefix("37", "amex"),
  prefix("50", "maestro"),
  range("56", "58", "maestro"),
  prefix("6304", "maestro"),
  prefix("639", "maestro"),
  prefix("67", "maestro"),
  prefix("6759", "maestro"),
  range("6761", "6763", "maestro"),
  prefix("6011", "discover"),
  range("644", "649", "discover"),
  prefix("65", "discover"),
  range("3528", "3589", "jcb"),
  range("300", "305", "diners"),
  prefix("3095", "diners"),
  prefix("36", "diners"),
  range("38", "39", "diners"),
  prefix("62", "unionpay"),
  prefix("81", "unionpay"),
  range("2200", "2204", "mir"),
  prefix("9112", "belkart"),
];

const DECIDING_DIGITS = Math.max(...IIN_RANGES.map((r) => r.from.length));

function resolveFullPrefix(digits: string): CardBrand | null {
  let best: IinRange | null = null;
  for (const candidate of IIN_RANGES) {
    const head = digits.slice(0, candidate.from.length);
    if (head < candidate.from || head > candidate.to) continue;
    if (best === null || candidate.from.length > best.from.length) best = candidate;
  }
  return best?.brand ?? null;
}

/**
 * BY_PREFIX[n] maps every n-digit prefix to the brand that all of its continuations share, or null when they do
 * not agree (or have no brand). Built once so detection stays a couple of array reads on every keystroke.
 */
const BY_PREFIX: readonly (readonly (CardBrand | null)[])[] = (() => {
  const levels: (CardBrand | null)[][] = [];
  const deepest: (CardBrand | null)[] = [];
  const size = 10 ** DECIDING_DIGITS;
  for (let i = 0; i < size; i++) deepest.push(resolveFullPrefix(String(i).padStart(DECIDING_DIGITS, "0")));
  levels[DECIDING_DIGITS] = deepest;
  for (let length = DECIDING_DIGITS - 1; length >= 1; length--) {
    const children = levels[length + 1];
    const level: (CardBrand | null)[] = [];
    for (let i = 0; i < 10 ** length; i++) {
      const first = children[i * 10];
      let shared = first;
      for (let digit = 1; digit < 10 && shared !== null; digit++) {
        if (children[i * 10 + digit] !== first) shared = null;
      }
      level.push(shared);
    }
    levels[length] = level;
  }
  return levels;
})();

/**
 * Brand from the leading digits. A partial number gets a brand only once its prefix rules out every other
 * outcome ("35" could still be an unbranded 3500, so it waits for "353"). Spaces and dashes typed as separators
 * are ignored; any other character means there is no number to judge.
 */
export function detectBrand(number: string): CardBrand | null {
  const digits = number.replace(/[\s-]/g, "");
  if (digits === "" || !/^\d+$/.test(digits)) return null;
  const length = Math.min(digits.length, DECIDING_DIGITS);
  return BY_PREFIX[length][Number(digits.slice(0, length))];
}

export function securityCodeLength(brand: CardBrand | null): number {
  return brand === "amex" ? 4 : 3;
}

function lengths(from: number, to: number): readonly number[] {
  return Object.freeze(Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

const ANY_LENGTH = lengths(12, 19);

const NUMBER_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  // 13 survives on legacy cards and the classic test numbers; 18 and 19 are issued on newer ranges.
  visa: Object.freeze([13, 16, 18, 19]),
  master: Object.freeze([16]),
  amex: Object.freeze([15]),
  maestro: ANY_LENGTH,
  discover: lengths(16, 19),
  jcb: lengths(16, 19),
  diners: lengths(14, 19),
  unionpay: lengths(14, 19),
  mir: lengths(16, 19),
  belkart: Object.freeze([16]),
};

/** Valid total lengths; an unrecognised brand accepts the whole 12–19 span the gateway allows. */
export function cardNumberLengths(brand: CardBrand | null): readonly number[] {
  return brand === null ? ANY_LENGTH : NUMBER_LENGTHS[brand];
}
