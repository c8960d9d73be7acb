import type { ShopperEmailMessages } from "./types";

export const vi: ShopperEmailMessages = {
  subjects: {
    receipt: "Biên nhận của bạn từ {shop}",
    refund: "Hoàn tiền từ {shop}",
    payout: "Khoản chi trả từ {shop}",
    subscription_started: "Gói đăng ký của bạn tại {shop} đã bắt đầu",
    renewal_receipt: "Gói đăng ký của bạn tại {shop} đã được gia hạn",
    renewal_failed: "Cần xử lý: khoản thanh toán của bạn cho {shop} không thành công",
    subscription_canceled: "Gói đăng ký của bạn tại {shop} đã bị hủy",
  },
  intros: {
    receipt: "{shop} đã nhận được khoản thanh toán của bạn. Cảm ơn bạn!",
    refund: "{shop} đã hoàn tiền vào thẻ của bạn. Có thể mất vài ngày để xuất hiện trên sao kê.",
    payout: "{shop} đã chuyển tiền vào thẻ của bạn. Có thể mất vài ngày để xuất hiện trên sao kê.",
    subscription_started: "Gói đăng ký của bạn tại {shop} đã bắt đầu. Đây là số tiền bạn trả.",
    renewal_receipt: "Gói đăng ký của bạn tại {shop} đã được gia hạn và thanh toán.",
    renewal_failed:
      "Chúng tôi không thể trừ tiền thẻ của bạn cho gói đăng ký tại {shop}. Hãy cập nhật thẻ để giữ gói đăng ký.",
    subscription_canceled: "Gói đăng ký của bạn tại {shop} đã bị hủy. Bạn sẽ không bị trừ tiền nữa.",
  },
  amount: "Số tiền",
  updateCard: "Cập nhật thẻ",
  canceledNeverCharged: "Gói đăng ký của bạn tại {shop} đã bị hủy. Bạn không bị tính phí nào.",
  testMark: "THỬ NGHIỆM",
  viewReceipt: "Xem biên lai",
  partialRefund: "Hoàn tiền một phần {refund} trên {amount}",
  fullRefund: "Hoàn tiền toàn bộ {amount}",
  refundedPayment: "Khoản thanh toán đã hoàn tiền",
  footer: "Bạn nhận được email này do một khoản thanh toán cho {shop}. Vui lòng lưu lại để đối chiếu.",
};
