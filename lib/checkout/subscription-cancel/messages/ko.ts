import type { SubscriptionCancelMessages } from "./types";

export const ko: SubscriptionCancelMessages = {
  title: "구독 해지",
  explain: "해지하면 더 이상 청구되지 않습니다. 구독은 {date}까지 유지됩니다.",
  explainNoDate: "해지하면 더 이상 청구되지 않습니다.",
  confirm: "구독 해지",
  canceledTitle: "구독이 해지되었습니다",
  canceledBody: "더 이상 청구되지 않습니다.",
  canceledUntil: "{date}까지 유지됩니다.",
  endedTitle: "이 구독은 종료되었습니다",
  endedBody: "해지할 항목이 없습니다.",
  notFoundTitle: "유효하지 않은 링크입니다",
  notFoundBody: "이메일의 링크를 확인하거나 상점에 문의하세요.",
  unavailable: "페이지를 불러올 수 없습니다. 나중에 다시 시도하세요.",
  planLabel: "구독",
  shopLabel: "상점",
};
