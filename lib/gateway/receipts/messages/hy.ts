import type { ReceiptMessages } from "./types";

export const hy: ReceiptMessages = {
  paymentTitle: "Վճարման անդորրագիր",
  authorizationTitle: "Թույլտվության անդորրագիր",
  captureTitle: "Գանձման անդորրագիր",
  voidTitle: "Չեղարկման անդորրագիր",
  refundTitle: "Վերադարձի անդորրագիր",
  payoutTitle: "Փոխանցման անդորրագիր",
  merchant: "Վաճառող",
  contact: "Կապ",
  description: "Նկարագրություն",
  date: "Ամսաթիվ",
  card: "Քարտ",
  authorizationCode: "Թույլտվության կոդ",
  reference: "Հղման համար (RRN)",
  statementDescriptor: "Տեքստը քաղվածքում",
  order: "Պատվեր",
  transaction: "Գործարք",
  testNotice: "Փորձնական գործարք․ գումար չի փոխանցվել",
  notFoundHeading: "Անդորրագիրը չի գտնվել",
  notFoundText: "Այս անդորրագիրը գոյություն չունի։",
};
