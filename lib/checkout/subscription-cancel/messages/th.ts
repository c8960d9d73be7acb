import type { SubscriptionCancelMessages } from "./types";

export const th: SubscriptionCancelMessages = {
  title: "ยกเลิกการสมัครสมาชิกของคุณ",
  explain: "หากคุณยกเลิก จะไม่มีการเรียกเก็บเงินอีก การสมัครสมาชิกยังใช้งานได้ถึง {date}",
  explainNoDate: "หากคุณยกเลิก จะไม่มีการเรียกเก็บเงินอีก",
  confirm: "ยกเลิกการสมัครสมาชิก",
  canceledTitle: "การสมัครสมาชิกของคุณถูกยกเลิกแล้ว",
  canceledBody: "จะไม่มีการเรียกเก็บเงินอีก",
  canceledUntil: "ยังใช้งานได้ถึง {date}",
  endedTitle: "การสมัครสมาชิกนี้สิ้นสุดแล้ว",
  endedBody: "ไม่มีอะไรให้ยกเลิก",
  notFoundTitle: "ลิงก์นี้ไม่ถูกต้อง",
  notFoundBody: "ตรวจสอบลิงก์ในอีเมลของคุณ หรือติดต่อร้านค้า",
  unavailable: "ไม่สามารถโหลดหน้านี้ได้ โปรดลองอีกครั้งภายหลัง",
  planLabel: "การสมัครสมาชิก",
  shopLabel: "ร้านค้า",
};
