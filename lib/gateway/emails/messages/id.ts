import type { ShopperEmailMessages } from "./types";

export const id: ShopperEmailMessages = {
  subjects: {
    receipt: "Tanda terima Anda dari {shop}",
    refund: "Pengembalian dana dari {shop}",
    payout: "Pembayaran dari {shop} ke kartu Anda",
    subscription_started: "Langganan Anda di {shop} telah dimulai",
    renewal_receipt: "Langganan Anda di {shop} telah diperpanjang",
    renewal_failed: "Perlu tindakan: pembayaran Anda ke {shop} gagal",
    subscription_canceled: "Langganan Anda di {shop} telah dibatalkan",
  },
  intros: {
    receipt: "{shop} telah menerima pembayaran Anda. Terima kasih!",
    refund:
      "{shop} telah mengembalikan dana ke kartu Anda. Mungkin perlu beberapa hari hingga muncul di laporan rekening.",
    payout:
      "{shop} telah mengirim dana ke kartu Anda. Mungkin perlu beberapa hari hingga muncul di laporan rekening.",
    subscription_started: "Langganan Anda di {shop} telah dimulai. Inilah yang Anda bayar.",
    renewal_receipt: "Langganan Anda di {shop} telah diperpanjang dan dibayar.",
    renewal_failed:
      "Kami tidak dapat menagih kartu Anda untuk langganan di {shop}. Perbarui kartu Anda agar langganan tetap berjalan.",
    subscription_canceled: "Langganan Anda di {shop} telah dibatalkan. Anda tidak akan ditagih lagi.",
  },
  amount: "Jumlah",
  updateCard: "Perbarui kartu Anda",
  canceledNeverCharged: "Langganan Anda di {shop} dibatalkan. Anda tidak dikenai biaya apa pun.",
  testMark: "UJI",
  viewReceipt: "Lihat tanda terima",
  partialRefund: "Pengembalian sebagian {refund} dari {amount}",
  fullRefund: "Pengembalian penuh {amount}",
  refundedPayment: "Pembayaran yang dikembalikan",
  footer: "Anda menerima email ini karena pembayaran ke {shop}. Simpan untuk catatan Anda.",
};
