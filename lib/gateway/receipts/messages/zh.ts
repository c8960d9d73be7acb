import type { ReceiptMessages } from "./types";

export const zh: ReceiptMessages = {
  paymentTitle: "付款凭证",
  authorizationTitle: "预授权凭证",
  captureTitle: "预授权完成凭证",
  voidTitle: "撤销凭证",
  refundTitle: "退款凭证",
  payoutTitle: "出款凭证",
  merchant: "商户",
  contact: "联系方式",
  description: "描述",
  date: "日期",
  card: "银行卡",
  authorizationCode: "授权码",
  reference: "检索参考号（RRN）",
  statementDescriptor: "账单显示名称",
  order: "订单",
  transaction: "交易",
  testNotice: "测试交易：未发生资金变动",
  notFoundHeading: "找不到凭证",
  notFoundText: "此凭证不存在。",
};
