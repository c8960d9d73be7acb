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
    trial_will_end: "Uji coba gratis Anda di {shop} segera berakhir",
    plan_changed: "Paket Anda di {shop} telah berubah",
    subscription_paused: "Langganan Anda di {shop} dijeda",
    subscription_resumed: "Langganan Anda di {shop} dilanjutkan",
  },
  intros: {
    receipt: "{shop} telah menerima pembayaran Anda. Terima kasih!",
    refund:
      "{shop} telah mengembalikan dana ke kartu Anda. Mungkin perlu beberapa hari hingga muncul di laporan rekening.",
    payout:
      "{shop} telah mengirim dana ke kartu Anda. Mungkin perlu beberapa hari hingga muncul di laporan rekening.",
    subscription_started: "Langganan Anda di {shop} telah dimulai.",
    renewal_receipt: "Langganan Anda di {shop} telah diperpanjang dan dibayar.",
    renewal_failed:
      "Kami tidak dapat menagih kartu Anda untuk langganan di {shop}. Perbarui kartu Anda agar langganan tetap berjalan.",
    subscription_canceled: "Langganan Anda di {shop} telah dibatalkan. Anda tidak akan ditagih lagi.",
    trial_will_end:
      "Uji coba gratis Anda di {shop} segera berakhir. Jika tidak dibatalkan, kartu Anda akan ditagih seperti di bawah ini.",
    plan_changed: "Langganan Anda di {shop} pindah ke paket baru. Ini harganya dan kapan mulai berlaku.",
    subscription_paused: "Langganan Anda di {shop} dijeda. Tidak ada tagihan selama dijeda.",
    subscription_resumed: "Langganan Anda di {shop} dilanjutkan. Ini tagihan Anda berikutnya.",
  },
  amount: "Jumlah",
  updateCard: "Perbarui kartu Anda",
  canceledNeverCharged: "Langganan Anda di {shop} dibatalkan. Anda tidak dikenai biaya apa pun.",
  trialStarted: "Uji coba gratis Anda di {shop} telah dimulai. Tidak ada tagihan hari ini.",
  subscriptionFooter: "Anda menerima email ini karena Anda berlangganan di {shop}.",
  trialEnds: "Uji coba gratis berakhir",
  firstCharge: "Tagihan pertama",
  nextCharge: "Tagihan berikutnya",
  activeUntil: "Aktif hingga",
  resumesOn: "Dilanjutkan pada",
  attempt: "Percobaan {n} dari {total}",
  nextAttempt: "Percobaan berikutnya",
  lastAttempt: "Ini adalah percobaan terakhir.",
  reason: "Alasan",
  reasons: {
    insufficient_funds: "Dana tidak mencukupi",
    card_expired: "Kartu kedaluwarsa",
    declined: "Ditolak oleh penerbit kartu",
    processor_error: "Kesalahan pemroses pembayaran",
  },
  cancelSubscription: "Batalkan langganan",
  testMark: "UJI",
  footer: "Anda menerima email ini karena pembayaran ke {shop}. Simpan untuk catatan Anda.",
};
