import type { ReceiptMessages } from "./types";

export const th: ReceiptMessages = {
  paymentTitle: "ใบเสร็จการชำระเงิน",
  authorizationTitle: "ใบเสร็จการอนุมัติวงเงิน",
  captureTitle: "ใบเสร็จการเรียกเก็บเงิน",
  voidTitle: "ใบเสร็จการยกเลิก",
  refundTitle: "ใบเสร็จการคืนเงิน",
  payoutTitle: "ใบเสร็จการโอนเงินเข้าบัตร",
  merchant: "ร้านค้า",
  contact: "ติดต่อ",
  description: "รายละเอียด",
  date: "วันที่",
  card: "บัตร",
  authorizationCode: "รหัสอนุมัติ",
  reference: "หมายเลขอ้างอิง (RRN)",
  statementDescriptor: "ข้อความในใบแจ้งยอด",
  order: "คำสั่งซื้อ",
  transaction: "ธุรกรรม",
  testNotice: "ธุรกรรมทดสอบ: ไม่มีการโอนเงินจริง",
  notFoundHeading: "ไม่พบใบเสร็จ",
  notFoundText: "ไม่มีใบเสร็จนี้",
};
