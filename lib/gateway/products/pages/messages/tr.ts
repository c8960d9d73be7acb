import type { LinkMessages } from "./types";

export const tr: LinkMessages = {
  soldOutHeading: "Tükendi",
  soldOutText: "Bu ödeme bağlantısıyla sunulan her şey satıldı. Herhangi bir ücret alınmadı.",
  inactiveHeading: "Ödeme bağlantısı devre dışı",
  inactiveText: "Satıcı bu ödeme bağlantısını devre dışı bıraktı. Herhangi bir ücret alınmadı.",
  expiredHeading: "Ödeme bağlantısının süresi doldu",
  expiredText: "Bu ödeme bağlantısı artık geçerli değil. Herhangi bir ücret alınmadı.",
  notFoundHeading: "Ödeme bağlantısı bulunamadı",
  notFoundText: "Böyle bir ödeme bağlantısı yok. Size verilen adresi kontrol edin.",
  busyHeading: "Çok fazla istek",
  busyText:
    "Bu ödeme bağlantısı ağınızdan çok sık açıldı. Birkaç dakika sonra yeniden deneyin. Hiçbir ücret alınmadı.",
  merchant: "Satıcı",
  product: "Ürün",
  languageLabel: "Dil",
  changeLanguage: "Dili değiştir",
  securedBy: "Tessera ile güvence altında",
};
