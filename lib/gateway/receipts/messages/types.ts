/** Every text of the receipt page: one title per money type, the labels of its details, the not-found page. */
export interface ReceiptMessages {
  paymentTitle: string;
  authorizationTitle: string;
  captureTitle: string;
  voidTitle: string;
  refundTitle: string;
  /** A `credit`: money paid out to the card. */
  payoutTitle: string;
  merchant: string;
  /** How to reach the merchant: its e-mail, phone and site (the shop's support settings). */
  contact: string;
  description: string;
  date: string;
  card: string;
  authorizationCode: string;
  /** The acquirer's retrieval reference number; "RRN" is how banks print it in every language. */
  reference: string;
  /** The text the cardholder's bank statement shows for this transaction. */
  statementDescriptor: string;
  /** The merchant's order reference (`tracking_id`). */
  order: string;
  /** The gateway's uid of the transaction. */
  transaction: string;
  testNotice: string;
  notFoundHeading: string;
  notFoundText: string;
}
