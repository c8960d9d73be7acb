import type { ShopperEmailMessages } from "./types";

export const ko: ShopperEmailMessages = {
  subjects: {
    receipt: "{shop} 영수증",
    refund: "{shop} 환불",
    payout: "{shop} 지급",
    subscription_started: "{shop} 구독이 시작되었습니다",
    renewal_receipt: "{shop} 구독이 갱신되었습니다",
    renewal_failed: "조치 필요: {shop} 결제에 실패했습니다",
    subscription_canceled: "{shop} 구독이 취소되었습니다",
  },
  intros: {
    receipt: "{shop}에서 결제를 받았습니다. 감사합니다!",
    refund: "{shop}에서 카드로 환불했습니다. 명세서에 표시되기까지 며칠이 걸릴 수 있습니다.",
    payout: "{shop}에서 카드로 금액을 지급했습니다. 명세서에 표시되기까지 며칠이 걸릴 수 있습니다.",
    subscription_started: "{shop} 구독이 시작되었습니다. 결제 금액은 다음과 같습니다.",
    renewal_receipt: "{shop} 구독이 갱신되고 결제되었습니다.",
    renewal_failed: "{shop} 구독 요금을 카드로 청구하지 못했습니다. 구독을 유지하려면 카드를 업데이트하세요.",
    subscription_canceled: "{shop} 구독이 취소되었습니다. 더 이상 청구되지 않습니다.",
  },
  amount: "금액",
  updateCard: "카드 업데이트",
  canceledNeverCharged: "{shop} 구독이 해지되었습니다. 청구된 금액은 없습니다.",
  testMark: "테스트",
  viewReceipt: "영수증 보기",
  partialRefund: "{amount} 중 {refund} 부분 환불",
  fullRefund: "{amount} 전액 환불",
  refundedPayment: "환불된 결제",
  footer: "{shop}에 대한 결제로 인해 이 이메일을 받으셨습니다. 기록을 위해 보관해 주세요.",
};
