import type { CardBrand } from "@/lib/cards/brand";

export interface BinTableEntry {
  /** 6 or 8 leading digits; an 8-digit entry overrides the 6-digit entry it falls under. */
  prefix: string;
  brand: CardBrand;
  issuerName: string;
  /** ISO 3166-1 alpha-2. */
  issuerCountry: string;
  /** The scheme's own product code where it publishes one (Visa "F", Mastercard "MCW"...). */
  product: string | null;
  /** Other schemes the card is co-badged with. */
  coBrands?: CardBrand[];
}

/**
 * Sandbox data only: the gateway's own test cards, the public test BINs merchants already know from other
 * processors, and fictional issuers. It is not a production BIN feed and must not be read as real issuer data.
 * A deployment with a licensed BIN file replaces this array (same shape, generated from that feed) rather than
 * editing it by hand; nothing else depends on where the entries come from.
 */
export const BIN_TABLE: readonly BinTableEntry[] = [
  // Gateway sandbox cards.
  { prefix: "420000", brand: "visa", issuerName: "Tessera Sandbox Bank", issuerCountry: "US", product: "F" },
  { prefix: "400555", brand: "visa", issuerName: "Tessera Sandbox Bank", issuerCountry: "GB", product: "A" },
  {
    prefix: "401200",
    brand: "visa",
    issuerName: "Tessera 3-D Secure Sandbox Issuer",
    issuerCountry: "DE",
    product: "F",
  },
  {
    prefix: "520424",
    brand: "master",
    issuerName: "Tessera 3-D Secure Sandbox Issuer",
    issuerCountry: "DE",
    product: "MCW",
  },

  // Visa.
  { prefix: "411111", brand: "visa", issuerName: "Sandbox Federal Bank", issuerCountry: "US", product: "A" },
  { prefix: "424242", brand: "visa", issuerName: "Sandbox Federal Bank", issuerCountry: "US", product: "I" },
  { prefix: "400000", brand: "visa", issuerName: "Harbour Test Bank", issuerCountry: "GB", product: "F" },
  { prefix: "40000566", brand: "visa", issuerName: "Harbour Test Debit", issuerCountry: "IE", product: "L" },
  { prefix: "401288", brand: "visa", issuerName: "Sandbox Federal Bank", issuerCountry: "US", product: "F" },

  // Mastercard.
  { prefix: "555555", brand: "master", issuerName: "Harbour Test Bank", issuerCountry: "GB", product: "MCS" },
  {
    prefix: "55555555",
    brand: "master",
    issuerName: "Sandbox Federal Bank",
    issuerCountry: "US",
    product: "MCW",
  },
  {
    prefix: "510510",
    brand: "master",
    issuerName: "Rhein Sandbox Bank",
    issuerCountry: "DE",
    product: "MCS",
  },
  { prefix: "222300", brand: "master", issuerName: "Vistula Test Bank", issuerCountry: "PL", product: "MCW" },

  // American Express: no scheme product codes.
  { prefix: "378282", brand: "amex", issuerName: "Sandbox Federal Bank", issuerCountry: "US", product: null },
  { prefix: "371449", brand: "amex", issuerName: "Maple Test Bank", issuerCountry: "CA", product: null },

  // Other schemes.
  {
    prefix: "601111",
    brand: "discover",
    issuerName: "Sandbox Federal Bank",
    issuerCountry: "US",
    product: null,
  },
  { prefix: "353011", brand: "jcb", issuerName: "Sakura Sandbox Bank", issuerCountry: "JP", product: null },
  {
    prefix: "305693",
    brand: "diners",
    issuerName: "Sandbox Federal Bank",
    issuerCountry: "US",
    product: null,
  },
  { prefix: "620000", brand: "unionpay", issuerName: "Jade Test Bank", issuerCountry: "CN", product: null },
  { prefix: "220000", brand: "mir", issuerName: "Volga Sandbox Bank", issuerCountry: "RU", product: null },
  {
    prefix: "220070",
    brand: "mir",
    issuerName: "Volga Sandbox Bank",
    issuerCountry: "RU",
    product: null,
    coBrands: ["unionpay"],
  },
  {
    prefix: "676770",
    brand: "maestro",
    issuerName: "Harbour Test Bank",
    issuerCountry: "GB",
    product: "MSI",
  },
  {
    prefix: "911200",
    brand: "belkart",
    issuerName: "Nioman Sandbox Bank",
    issuerCountry: "BY",
    product: null,
  },
  {
    prefix: "911250",
    brand: "belkart",
    issuerName: "Nioman Sandbox Bank",
    issuerCountry: "BY",
    product: null,
    coBrands: ["maestro"],
  },
];
