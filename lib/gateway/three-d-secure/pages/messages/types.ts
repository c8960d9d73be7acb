/** Every text of the sandbox issuer's pages; `{code}` and `{count}` are filled in when rendered. */
export interface IssuerMessages {
  /** The sandbox issuer's name, in the page's top line. */
  issuerName: string;
  heading: string;
  intro: string;
  /** The intro of a card check (a tokenization: a card stored, a card update, a free trial): nothing is charged. */
  introCardCheck: string;
  merchant: string;
  amount: string;
  card: string;
  codeLabel: string;
  codeHint: string;
  testCode: string;
  submit: string;
  cancel: string;
  errorBlank: string;
  errorWrong: string;
  methodHeading: string;
  methodText: string;
  continue: string;
  successHeading: string;
  successText: string;
  failedHeading: string;
  failedText: string;
  /** The result of a transaction the issuer did not authenticate (no 3-D Secure: a shop without it, a card not enrolled). */
  acceptedHeading: string;
  acceptedText: string;
  declinedHeading: string;
  declinedText: string;
  returnLink: string;
  notFoundHeading: string;
  notFoundText: string;
}
