import type { ReceiptMessages } from "./types";

export const ko: ReceiptMessages = {
  paymentTitle: "결제 영수증",
  authorizationTitle: "승인 영수증",
  captureTitle: "매입 영수증",
  voidTitle: "취소 영수증",
  refundTitle: "환불 영수증",
  payoutTitle: "지급 영수증",
  merchant: "가맹점",
  contact: "문의",
  description: "설명",
  date: "일시",
  card: "카드",
  authorizationCode: "승인번호",
  reference: "참조번호(RRN)",
  statementDescriptor: "명세서 표시 이름",
  order: "주문",
  transaction: "거래",
  testNotice: "테스트 거래: 실제 돈이 이동하지 않았습니다",
  notFoundHeading: "영수증을 찾을 수 없습니다",
  notFoundText: "이 영수증은 존재하지 않습니다.",
};
