import type { LinkMessages } from "./types";

export const ko: LinkMessages = {
  soldOutHeading: "품절",
  soldOutText: "이 결제 링크로 판매하던 상품이 모두 판매되었습니다. 결제되지 않았습니다.",
  inactiveHeading: "결제 링크 비활성화됨",
  inactiveText: "판매자가 이 결제 링크를 비활성화했습니다. 결제되지 않았습니다.",
  expiredHeading: "결제 링크 만료됨",
  expiredText: "이 결제 링크는 더 이상 유효하지 않습니다. 결제되지 않았습니다.",
  notFoundHeading: "결제 링크를 찾을 수 없음",
  notFoundText: "이 결제 링크는 존재하지 않습니다. 받은 주소를 확인하세요.",
  busyHeading: "요청이 너무 많습니다",
  busyText:
    "이 결제 링크가 사용자의 네트워크에서 너무 자주 열렸습니다. 몇 분 후에 다시 시도하세요. 청구된 금액은 없습니다.",
  merchant: "판매자",
  product: "상품",
  languageLabel: "언어",
  changeLanguage: "언어 변경",
  securedBy: "Tessera 보안 결제",
};
