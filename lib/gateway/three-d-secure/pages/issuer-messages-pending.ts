/**
 * Texts of the issuer's result page for a transaction the issuer did not authenticate (no 3-D Secure: a shop
 * without it, a card not enrolled, a decline before any verification). English for every language until they are
 * translated; then each key moves into `IssuerMessages` with the others.
 */
export const PENDING_ISSUER_MESSAGES = {
  acceptedHeading: "Card accepted",
  acceptedText: "Your card was accepted. No 3-D Secure verification was needed.",
  declinedHeading: "Card not accepted",
  declinedText: "Your card was not accepted. No 3-D Secure verification took place.",
} as const;
