import type { SubscriptionCancelMessages } from "./types";

export const lt: SubscriptionCancelMessages = {
  title: "Atšaukite prenumeratą",
  explain: "Jei atšauksite, daugiau nieko nebus nuskaičiuota. Prenumerata liks aktyvi iki {date}.",
  explainNoDate: "Jei atšauksite, daugiau nieko nebus nuskaičiuota.",
  confirm: "Atšaukti prenumeratą",
  canceledTitle: "Jūsų prenumerata atšaukta",
  canceledBody: "Daugiau nieko nebus nuskaičiuota.",
  canceledUntil: "Ji liks aktyvi iki {date}.",
  endedTitle: "Ši prenumerata baigėsi",
  endedBody: "Nėra ką atšaukti.",
  notFoundTitle: "Ši nuoroda negalioja",
  notFoundBody: "Patikrinkite nuorodą laiške arba susisiekite su parduotuve.",
  unavailable: "Puslapio įkelti nepavyko. Bandykite vėliau.",
  planLabel: "Prenumerata",
  shopLabel: "Parduotuvė",
};
