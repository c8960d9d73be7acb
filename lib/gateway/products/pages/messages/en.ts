import type { LinkMessages } from "./types";

export const en: LinkMessages = {
  soldOutHeading: "Sold out",
  soldOutText: "Everything offered through this payment link has been sold. Nothing was charged.",
  inactiveHeading: "Payment link deactivated",
  inactiveText: "The merchant has deactivated this payment link. Nothing was charged.",
  expiredHeading: "Payment link expired",
  expiredText: "This payment link is no longer valid. Nothing was charged.",
  notFoundHeading: "Payment link not found",
  notFoundText: "This payment link does not exist. Check the address you were given.",
  busyHeading: "Too many requests",
  busyText:
    "This payment link was opened too often from your network. Try again in a few minutes. Nothing was charged.",
  merchant: "Merchant",
  product: "Product",
  languageLabel: "Language",
  changeLanguage: "Change language",
  securedBy: "Secured by Tessera",
};
