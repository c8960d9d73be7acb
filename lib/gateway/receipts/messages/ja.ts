import type { ReceiptMessages } from "./types";

export const ja: ReceiptMessages = {
  paymentTitle: "お支払い明細",
  authorizationTitle: "承認明細",
  captureTitle: "売上確定明細",
  voidTitle: "取消明細",
  refundTitle: "返金明細",
  payoutTitle: "送金明細",
  merchant: "加盟店",
  contact: "お問い合わせ",
  description: "内容",
  date: "日時",
  card: "カード",
  authorizationCode: "承認番号",
  reference: "参照番号（RRN）",
  statementDescriptor: "明細書の表示名",
  order: "注文番号",
  transaction: "取引",
  testNotice: "テスト取引：実際のお金は動いていません",
  notFoundHeading: "明細が見つかりません",
  notFoundText: "この明細は存在しません。",
};
