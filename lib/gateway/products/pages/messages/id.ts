import type { LinkMessages } from "./types";

export const id: LinkMessages = {
  soldOutHeading: "Habis terjual",
  soldOutText:
    "Semua yang ditawarkan melalui tautan pembayaran ini sudah terjual. Tidak ada dana yang ditagih.",
  inactiveHeading: "Tautan pembayaran dinonaktifkan",
  inactiveText: "Penjual telah menonaktifkan tautan pembayaran ini. Tidak ada dana yang ditagih.",
  expiredHeading: "Tautan pembayaran kedaluwarsa",
  expiredText: "Tautan pembayaran ini sudah tidak berlaku. Tidak ada dana yang ditagih.",
  notFoundHeading: "Tautan pembayaran tidak ditemukan",
  notFoundText: "Tautan pembayaran ini tidak ada. Periksa alamat yang Anda terima.",
  busyHeading: "Terlalu banyak permintaan",
  busyText:
    "Tautan pembayaran ini terlalu sering dibuka dari jaringan Anda. Coba lagi dalam beberapa menit. Tidak ada yang ditagih.",
  merchant: "Penjual",
  product: "Produk",
  languageLabel: "Bahasa",
  changeLanguage: "Ganti bahasa",
  securedBy: "Diamankan oleh Tessera",
};
