import type { SubscriptionCancelMessages } from "./types";

export const zh: SubscriptionCancelMessages = {
  title: "取消您的订阅",
  explain: "取消后将不再扣款。您的订阅在 {date} 之前仍然有效。",
  explainNoDate: "取消后将不再扣款。",
  confirm: "取消订阅",
  canceledTitle: "您的订阅已取消",
  canceledBody: "将不再扣款。",
  canceledUntil: "在 {date} 之前仍然有效。",
  endedTitle: "此订阅已结束",
  endedBody: "没有可取消的内容。",
  notFoundTitle: "此链接无效",
  notFoundBody: "请检查邮件中的链接，或联系商店。",
  unavailable: "页面无法加载，请稍后再试。",
  planLabel: "订阅",
  shopLabel: "商店",
};
