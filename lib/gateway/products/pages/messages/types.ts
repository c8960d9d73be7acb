/** Every text of the page a payment link shows when it opens no checkout. */
export interface LinkMessages {
  soldOutHeading: string;
  soldOutText: string;
  inactiveHeading: string;
  inactiveText: string;
  expiredHeading: string;
  expiredText: string;
  notFoundHeading: string;
  notFoundText: string;
  /** Too many links opened from the shopper's address (429): nothing was charged. */
  busyHeading: string;
  busyText: string;
  /** Label of the merchant's name. */
  merchant: string;
  /** Label of the product's name. */
  product: string;
  /** The language list's label, and its button for browsers without JavaScript (the payment page's own words). */
  languageLabel: string;
  changeLanguage: string;
  /** The trust line under the page ("Secured by Tessera"), as the payment page says it. */
  securedBy: string;
}
