import type { ReceiptMessages } from "./types";

export const tr: ReceiptMessages = {
  paymentTitle: "Ödeme makbuzu",
  authorizationTitle: "Provizyon makbuzu",
  captureTitle: "Tahsilat makbuzu",
  voidTitle: "İptal makbuzu",
  refundTitle: "İade makbuzu",
  payoutTitle: "Karta aktarım makbuzu",
  merchant: "İşyeri",
  contact: "İletişim",
  description: "Açıklama",
  date: "Tarih",
  card: "Kart",
  authorizationCode: "Onay kodu",
  reference: "Referans numarası (RRN)",
  statementDescriptor: "Ekstrede görünen ad",
  order: "Sipariş",
  transaction: "İşlem",
  testNotice: "Test işlemi: para aktarılmadı",
  notFoundHeading: "Makbuz bulunamadı",
  notFoundText: "Bu makbuz mevcut değil.",
};
