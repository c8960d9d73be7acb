import type { ShopperEmailMessages } from "./types";

export const zh: ShopperEmailMessages = {
  subjects: {
    receipt: "您在 {shop} 的收据",
    refund: "{shop} 的退款",
    payout: "{shop} 的付款到卡",
    subscription_started: "您在 {shop} 的订阅已开始",
    renewal_receipt: "您在 {shop} 的订阅已续订",
    renewal_failed: "需要处理：您向 {shop} 的付款失败",
    subscription_canceled: "您在 {shop} 的订阅已取消",
  },
  intros: {
    receipt: "{shop} 已收到您的付款。谢谢！",
    refund: "{shop} 已将款项退回您的银行卡。可能需要几天才会显示在您的账单上。",
    payout: "{shop} 已向您的银行卡付款。可能需要几天才会显示在您的账单上。",
    subscription_started: "您在 {shop} 的订阅已开始。以下是您需支付的金额。",
    renewal_receipt: "您在 {shop} 的订阅已续订并付款。",
    renewal_failed: "我们无法从您的银行卡扣取您在 {shop} 的订阅费用。请更新您的银行卡以保留订阅。",
    subscription_canceled: "您在 {shop} 的订阅已取消。您将不会再被扣款。",
  },
  amount: "金额",
  updateCard: "更新银行卡",
  canceledNeverCharged: "您在 {shop} 的订阅已取消。您未被收取任何费用。",
  testMark: "测试",
  viewReceipt: "查看收据",
  partialRefund: "部分退款 {refund}（共 {amount}）",
  fullRefund: "全额退款 {amount}",
  refundedPayment: "已退款的付款",
  footer: "您收到此邮件是因为您向 {shop} 付款。请妥善保存以备查。",
};
