import type { SubscriptionCancelMessages } from "./types";

export const tr: SubscriptionCancelMessages = {
  title: "Aboneliğinizi iptal edin",
  explain: "İptal ederseniz artık hiçbir ücret alınmaz. Aboneliğiniz {date} tarihine kadar etkin kalır.",
  explainNoDate: "İptal ederseniz artık hiçbir ücret alınmaz.",
  confirm: "Aboneliği iptal et",
  canceledTitle: "Aboneliğiniz iptal edildi",
  canceledBody: "Artık hiçbir ücret alınmayacak.",
  canceledUntil: "{date} tarihine kadar etkin kalır.",
  endedTitle: "Bu abonelik sona erdi",
  endedBody: "İptal edilecek bir şey yok.",
  notFoundTitle: "Bu bağlantı geçerli değil",
  notFoundBody: "E-postanızdaki bağlantıyı kontrol edin veya mağazayla iletişime geçin.",
  unavailable: "Sayfa yüklenemedi. Lütfen daha sonra tekrar deneyin.",
  planLabel: "Abonelik",
  shopLabel: "Mağaza",
};
