import type { SubscriptionCancelMessages } from "./types";

export const vi: SubscriptionCancelMessages = {
  title: "Hủy gói đăng ký của bạn",
  explain: "Nếu bạn hủy, sẽ không bị thu thêm gì. Gói đăng ký vẫn hoạt động đến {date}.",
  explainNoDate: "Nếu bạn hủy, sẽ không bị thu thêm gì.",
  confirm: "Hủy gói đăng ký",
  canceledTitle: "Gói đăng ký của bạn đã bị hủy",
  canceledBody: "Sẽ không bị thu thêm gì.",
  canceledUntil: "Vẫn hoạt động đến {date}.",
  endedTitle: "Gói đăng ký này đã kết thúc",
  endedBody: "Không có gì để hủy.",
  notFoundTitle: "Liên kết này không hợp lệ",
  notFoundBody: "Hãy kiểm tra liên kết trong email hoặc liên hệ cửa hàng.",
  unavailable: "Không thể tải trang. Vui lòng thử lại sau.",
  planLabel: "Gói đăng ký",
  shopLabel: "Cửa hàng",
};
