import type { ReceiptMessages } from "./types";

export const ka: ReceiptMessages = {
  paymentTitle: "გადახდის ქვითარი",
  authorizationTitle: "ავტორიზაციის ქვითარი",
  captureTitle: "ჩამოჭრის ქვითარი",
  voidTitle: "გაუქმების ქვითარი",
  refundTitle: "თანხის დაბრუნების ქვითარი",
  payoutTitle: "გადარიცხვის ქვითარი",
  merchant: "მოვაჭრე",
  contact: "კონტაქტი",
  description: "აღწერა",
  date: "თარიღი",
  card: "ბარათი",
  authorizationCode: "ავტორიზაციის კოდი",
  reference: "საცნობარო ნომერი (RRN)",
  statementDescriptor: "ტექსტი ამონაწერში",
  order: "შეკვეთა",
  transaction: "ტრანზაქცია",
  testNotice: "სატესტო ტრანზაქცია: თანხა არ გადარიცხულა",
  notFoundHeading: "ქვითარი ვერ მოიძებნა",
  notFoundText: "ეს ქვითარი არ არსებობს.",
};
