import type { LinkMessages } from "./types";

export const vi: LinkMessages = {
  soldOutHeading: "Đã bán hết",
  soldOutText: "Mọi thứ được bán qua liên kết thanh toán này đã hết. Bạn chưa bị trừ tiền.",
  inactiveHeading: "Liên kết thanh toán đã bị vô hiệu hóa",
  inactiveText: "Người bán đã vô hiệu hóa liên kết thanh toán này. Bạn chưa bị trừ tiền.",
  expiredHeading: "Liên kết thanh toán đã hết hạn",
  expiredText: "Liên kết thanh toán này không còn hiệu lực. Bạn chưa bị trừ tiền.",
  notFoundHeading: "Không tìm thấy liên kết thanh toán",
  notFoundText: "Liên kết thanh toán này không tồn tại. Hãy kiểm tra địa chỉ bạn nhận được.",
  busyHeading: "Quá nhiều yêu cầu",
  busyText:
    "Liên kết thanh toán này đã được mở quá nhiều lần từ mạng của bạn. Hãy thử lại sau vài phút. Không có khoản nào bị trừ.",
  merchant: "Người bán",
  product: "Sản phẩm",
  languageLabel: "Ngôn ngữ",
  changeLanguage: "Đổi ngôn ngữ",
  securedBy: "Được bảo mật bởi Tessera",
};
