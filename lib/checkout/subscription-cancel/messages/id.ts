import type { SubscriptionCancelMessages } from "./types";

export const id: SubscriptionCancelMessages = {
  title: "Batalkan langganan Anda",
  explain: "Jika Anda membatalkan, tidak ada lagi yang ditagih. Langganan Anda tetap aktif hingga {date}.",
  explainNoDate: "Jika Anda membatalkan, tidak ada lagi yang ditagih.",
  confirm: "Batalkan langganan",
  canceledTitle: "Langganan Anda dibatalkan",
  canceledBody: "Tidak ada lagi yang akan ditagih.",
  canceledUntil: "Tetap aktif hingga {date}.",
  endedTitle: "Langganan ini telah berakhir",
  endedBody: "Tidak ada yang perlu dibatalkan.",
  notFoundTitle: "Tautan ini tidak valid",
  notFoundBody: "Periksa tautan di email Anda, atau hubungi toko.",
  unavailable: "Halaman tidak dapat dimuat. Silakan coba lagi nanti.",
  planLabel: "Langganan",
  shopLabel: "Toko",
};
