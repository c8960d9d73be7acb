import type { ShopperEmailMessages } from "./types";

export const ja: ShopperEmailMessages = {
  subjects: {
    receipt: "{shop} からの領収書",
    refund: "{shop} からの返金",
    payout: "{shop} からの入金",
    subscription_started: "{shop} のサブスクリプションが開始されました",
    renewal_receipt: "{shop} のサブスクリプションが更新されました",
    renewal_failed: "対応が必要です：{shop} へのお支払いができませんでした",
    subscription_canceled: "{shop} のサブスクリプションが解約されました",
  },
  intros: {
    receipt: "{shop} はお支払いを受け取りました。ありがとうございます。",
    refund: "{shop} がカードに返金しました。明細に反映されるまで数日かかることがあります。",
    payout: "{shop} がカードに入金しました。明細に反映されるまで数日かかることがあります。",
    subscription_started: "{shop} のサブスクリプションが開始されました。お支払い額は以下のとおりです。",
    renewal_receipt: "{shop} のサブスクリプションが更新され、お支払いが完了しました。",
    renewal_failed:
      "{shop} のサブスクリプションの料金をカードに請求できませんでした。サブスクリプションを継続するにはカードを更新してください。",
    subscription_canceled: "{shop} のサブスクリプションが解約されました。今後請求されることはありません。",
  },
  amount: "金額",
  updateCard: "カードを更新する",
  canceledNeverCharged: "{shop} のサブスクリプションが解約されました。料金は一切請求されていません。",
  testMark: "テスト",
  viewReceipt: "領収書を表示",
  partialRefund: "{amount} のうち {refund} の一部返金",
  fullRefund: "{amount} の全額返金",
  refundedPayment: "返金された支払い",
  footer: "このメールは {shop} へのお支払いに関してお送りしています。記録として保管してください。",
};
