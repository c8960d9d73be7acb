import type { ReceiptMessages } from "./types";

export const id: ReceiptMessages = {
  paymentTitle: "Bukti pembayaran",
  authorizationTitle: "Bukti otorisasi",
  captureTitle: "Bukti penagihan",
  voidTitle: "Bukti pembatalan",
  refundTitle: "Bukti pengembalian dana",
  payoutTitle: "Bukti pencairan dana",
  merchant: "Merchant",
  contact: "Kontak",
  description: "Deskripsi",
  date: "Tanggal",
  card: "Kartu",
  authorizationCode: "Kode otorisasi",
  reference: "Nomor referensi (RRN)",
  statementDescriptor: "Teks di laporan rekening",
  order: "Pesanan",
  transaction: "Transaksi",
  testNotice: "Transaksi uji: tidak ada uang yang berpindah",
  notFoundHeading: "Bukti tidak ditemukan",
  notFoundText: "Bukti ini tidak ada.",
};
