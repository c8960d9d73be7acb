import type { LinkMessages } from "./types";

export const ka: LinkMessages = {
  soldOutHeading: "გაყიდულია",
  soldOutText: "ამ გადახდის ბმულით შეთავაზებული ყველაფერი გაყიდულია. თანხა არ ჩამოგეჭრათ.",
  inactiveHeading: "გადახდის ბმული გათიშულია",
  inactiveText: "მოვაჭრემ ეს გადახდის ბმული გათიშა. თანხა არ ჩამოგეჭრათ.",
  expiredHeading: "გადახდის ბმულს ვადა გაუვიდა",
  expiredText: "ეს გადახდის ბმული აღარ მოქმედებს. თანხა არ ჩამოგეჭრათ.",
  notFoundHeading: "გადახდის ბმული ვერ მოიძებნა",
  notFoundText: "ასეთი გადახდის ბმული არ არსებობს. შეამოწმეთ მიღებული მისამართი.",
  busyHeading: "ძალიან ბევრი მოთხოვნა",
  busyText:
    "ეს გადახდის ბმული თქვენი ქსელიდან ძალიან ხშირად გაიხსნა. სცადეთ ხელახლა რამდენიმე წუთში. თანხა არ ჩამოჭრილა.",
  merchant: "მოვაჭრე",
  product: "პროდუქტი",
  languageLabel: "ენა",
  changeLanguage: "ენის შეცვლა",
  securedBy: "დაცულია Tessera-ს მიერ",
};
