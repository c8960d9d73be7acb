import { COUNTRY_CODES } from "@/lib/contracts/countries";
import { CA_PROVINCES, type CaProvince, US_STATES, type UsState } from "@/lib/contracts/regions";

/**
 * Option lists for the address fields. Country names come from `Intl.DisplayNames` in the page's language and are
 * computed on the server, so the browser receives finished options (and its ICU version cannot disagree with the
 * server's during hydration).
 */

export interface PlaceOption {
  code: string;
  name: string;
}

/** Every ISO 3166-1 code the gateway accepts, named and sorted for `locale`. */
export function countryOptions(locale: string): PlaceOption[] {
  const names = new Intl.DisplayNames([locale, "en"], { type: "region", fallback: "code" });
  const collator = new Intl.Collator([locale, "en"]);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

// Proper names, the same in the languages the checkout speaks; USPS and Canada Post codes.
const US_STATE_NAMES: Record<UsState, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  DC: "District of Columbia",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
  UM: "U.S. Minor Outlying Islands",
  AA: "Armed Forces Americas",
  AE: "Armed Forces Europe",
  AP: "Armed Forces Pacific",
};

const CA_PROVINCE_NAMES: Record<CaProvince, string> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

export interface RegionOptions {
  US: PlaceOption[];
  CA: PlaceOption[];
}

/** The state and province lists of the countries that have them in an address. */
export function regionOptions(locale: string): RegionOptions {
  const collator = new Intl.Collator([locale, "en"]);
  const sorted = (options: PlaceOption[]) => options.sort((a, b) => collator.compare(a.name, b.name));
  return {
    US: sorted(US_STATES.map((code) => ({ code, name: US_STATE_NAMES[code] }))),
    CA: sorted(CA_PROVINCES.map((code) => ({ code, name: CA_PROVINCE_NAMES[code] }))),
  };
}
