import type { ShopperEmailMessages } from "./types";

export const th: ShopperEmailMessages = {
  subjects: {
    receipt: "ใบเสร็จของคุณจาก {shop}",
    refund: "การคืนเงินจาก {shop}",
    payout: "การจ่ายเงินจาก {shop}",
    subscription_started: "การสมัครสมาชิกของคุณกับ {shop} เริ่มแล้ว",
    renewal_receipt: "การสมัครสมาชิกของคุณกับ {shop} ต่ออายุแล้ว",
    renewal_failed: "ต้องดำเนินการ: การชำระเงินของคุณให้ {shop} ไม่สำเร็จ",
    subscription_canceled: "การสมัครสมาชิกของคุณกับ {shop} ถูกยกเลิกแล้ว",
  },
  intros: {
    receipt: "{shop} ได้รับการชำระเงินของคุณแล้ว ขอบคุณ!",
    refund: "{shop} ได้คืนเงินเข้าบัตรของคุณแล้ว อาจใช้เวลาสองสามวันกว่าจะแสดงในใบแจ้งยอด",
    payout: "{shop} ได้โอนเงินเข้าบัตรของคุณแล้ว อาจใช้เวลาสองสามวันกว่าจะแสดงในใบแจ้งยอด",
    subscription_started: "การสมัครสมาชิกของคุณกับ {shop} เริ่มแล้ว นี่คือยอดที่คุณชำระ",
    renewal_receipt: "การสมัครสมาชิกของคุณกับ {shop} ต่ออายุและชำระเงินแล้ว",
    renewal_failed:
      "เราไม่สามารถเรียกเก็บเงินจากบัตรของคุณสำหรับการสมัครสมาชิกกับ {shop} ได้ โปรดอัปเดตบัตรเพื่อรักษาการสมัครสมาชิกไว้",
    subscription_canceled: "การสมัครสมาชิกของคุณกับ {shop} ถูกยกเลิกแล้ว คุณจะไม่ถูกเรียกเก็บเงินอีก",
  },
  amount: "จำนวนเงิน",
  updateCard: "อัปเดตบัตรของคุณ",
  canceledNeverCharged: "การสมัครสมาชิกของคุณกับ {shop} ถูกยกเลิกแล้ว คุณไม่ได้ถูกเรียกเก็บเงินใดๆ",
  testMark: "ทดสอบ",
  viewReceipt: "ดูใบเสร็จ",
  partialRefund: "คืนเงินบางส่วน {refund} จาก {amount}",
  fullRefund: "คืนเงินเต็มจำนวน {amount}",
  refundedPayment: "การชำระเงินที่คืนเงิน",
  footer: "คุณได้รับอีเมลนี้เนื่องจากการชำระเงินให้ {shop} โปรดเก็บไว้เป็นหลักฐาน",
};
