export { COUNTRY_CODES, type CountryCode, isCountryCode } from "./countries";
export {
  CURRENCIES,
  CURRENCY_CODES,
  type CurrencyCode,
  currencyMinorUnits,
  isCurrencyCode,
} from "./currencies";
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./languages";
export { CA_PROVINCES, type CaProvince, isCaProvince, isUsState, US_STATES, type UsState } from "./regions";
