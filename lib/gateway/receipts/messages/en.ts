import type { ReceiptMessages } from "./types";

export const en: ReceiptMessages = {
  paymentTitle: "Payment receipt",
  authorizationTitle: "Authorization receipt",
  captureTitle: "Capture receipt",
  voidTitle: "Void receipt",
  refundTitle: "Refund receipt",
  payoutTitle: "Payout receipt",
  merchant: "Merchant",
  contact: "Contact",
  description: "Description",
  date: "Date",
  card: "Card",
  authorizationCode: "Authorization code",
  reference: "Reference (RRN)",
  statementDescriptor: "Statement descriptor",
  order: "Order",
  transaction: "Transaction",
  testNotice: "Test transaction: no money moved",
  notFoundHeading: "Receipt not found",
  notFoundText: "This receipt does not exist.",
};
