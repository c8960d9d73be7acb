import type { SubscriptionCancelMessages } from "./types";

export const ja: SubscriptionCancelMessages = {
  title: "サブスクリプションの解約",
  explain: "解約すると、今後は請求されません。サブスクリプションは{date}まで有効です。",
  explainNoDate: "解約すると、今後は請求されません。",
  confirm: "サブスクリプションを解約",
  canceledTitle: "サブスクリプションを解約しました",
  canceledBody: "今後は請求されません。",
  canceledUntil: "{date}まで有効です。",
  endedTitle: "このサブスクリプションは終了しています",
  endedBody: "解約するものはありません。",
  notFoundTitle: "このリンクは無効です",
  notFoundBody: "メールのリンクを確認するか、ショップにお問い合わせください。",
  unavailable: "ページを読み込めませんでした。後でもう一度お試しください。",
  planLabel: "サブスクリプション",
  shopLabel: "ショップ",
};
