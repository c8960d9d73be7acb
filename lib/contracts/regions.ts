/**
 * Two-letter state codes accepted for US addresses: the 50 states, DC, the territories (AS GU MP PR VI UM) and the
 * military "states" (AA AE AP) that USPS and card issuers use for APO/FPO addresses.
 */
// biome-ignore format: a table reads better than sixty lines
export const US_STATES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA",
  "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD",
  "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ",
  "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC",
  "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
  "DC",
  "AS", "GU", "MP", "PR", "VI", "UM",
  "AA", "AE", "AP",
] as const;

export type UsState = (typeof US_STATES)[number];

/** Canada Post's codes for the 10 provinces and 3 territories. */
export const CA_PROVINCES = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;

export type CaProvince = (typeof CA_PROVINCES)[number];

const US_STATE_SET: ReadonlySet<string> = new Set(US_STATES);
const CA_PROVINCE_SET: ReadonlySet<string> = new Set(CA_PROVINCES);

export function isUsState(value: unknown): value is UsState {
  return typeof value === "string" && US_STATE_SET.has(value);
}

export function isCaProvince(value: unknown): value is CaProvince {
  return typeof value === "string" && CA_PROVINCE_SET.has(value);
}
