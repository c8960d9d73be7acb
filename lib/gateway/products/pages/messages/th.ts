import type { LinkMessages } from "./types";

export const th: LinkMessages = {
  soldOutHeading: "สินค้าหมด",
  soldOutText: "สินค้าที่ขายผ่านลิงก์ชำระเงินนี้ขายหมดแล้ว ไม่มีการตัดเงิน",
  inactiveHeading: "ลิงก์ชำระเงินถูกปิดใช้งาน",
  inactiveText: "ร้านค้าปิดใช้งานลิงก์ชำระเงินนี้แล้ว ไม่มีการตัดเงิน",
  expiredHeading: "ลิงก์ชำระเงินหมดอายุ",
  expiredText: "ลิงก์ชำระเงินนี้ใช้ไม่ได้อีกต่อไป ไม่มีการตัดเงิน",
  notFoundHeading: "ไม่พบลิงก์ชำระเงิน",
  notFoundText: "ไม่มีลิงก์ชำระเงินนี้ โปรดตรวจสอบที่อยู่ที่คุณได้รับ",
  busyHeading: "คำขอมากเกินไป",
  busyText: "ลิงก์ชำระเงินนี้ถูกเปิดจากเครือข่ายของคุณบ่อยเกินไป โปรดลองอีกครั้งในอีกไม่กี่นาที ไม่มีการเรียกเก็บเงิน",
  merchant: "ร้านค้า",
  product: "สินค้า",
  languageLabel: "ภาษา",
  changeLanguage: "เปลี่ยนภาษา",
  securedBy: "ปกป้องโดย Tessera",
};
