import type { ReceiptMessages } from "./types";

export const vi: ReceiptMessages = {
  paymentTitle: "Biên lai thanh toán",
  authorizationTitle: "Biên lai ủy quyền",
  captureTitle: "Biên lai quyết toán",
  voidTitle: "Biên lai hủy",
  refundTitle: "Biên lai hoàn tiền",
  payoutTitle: "Biên lai chi trả",
  merchant: "Người bán",
  contact: "Liên hệ",
  description: "Mô tả",
  date: "Ngày",
  card: "Thẻ",
  authorizationCode: "Mã ủy quyền",
  reference: "Số tham chiếu (RRN)",
  statementDescriptor: "Nội dung trên sao kê",
  order: "Đơn hàng",
  transaction: "Giao dịch",
  testNotice: "Giao dịch thử nghiệm: không có tiền được chuyển",
  notFoundHeading: "Không tìm thấy biên lai",
  notFoundText: "Biên lai này không tồn tại.",
};
