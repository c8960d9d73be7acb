import type { LinkMessages } from "./types";

export const ja: LinkMessages = {
  soldOutHeading: "売り切れ",
  soldOutText: "この支払いリンクで販売されていた商品はすべて売り切れました。お支払いは発生していません。",
  inactiveHeading: "支払いリンクは無効です",
  inactiveText: "加盟店がこの支払いリンクを無効にしました。お支払いは発生していません。",
  expiredHeading: "支払いリンクの有効期限切れ",
  expiredText: "この支払いリンクは有効期限が切れています。お支払いは発生していません。",
  notFoundHeading: "支払いリンクが見つかりません",
  notFoundText: "この支払いリンクは存在しません。受け取ったアドレスをご確認ください。",
  busyHeading: "リクエストが多すぎます",
  busyText:
    "この支払いリンクはお使いのネットワークから何度も開かれています。数分後にもう一度お試しください。請求は発生していません。",
  merchant: "加盟店",
  product: "商品",
  languageLabel: "言語",
  changeLanguage: "言語を変更",
  securedBy: "Tessera により保護されています",
};
