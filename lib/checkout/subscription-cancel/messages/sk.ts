import type { SubscriptionCancelMessages } from "./types";

export const sk: SubscriptionCancelMessages = {
  title: "Zrušiť predplatné",
  explain: "Ak zrušíte, nič ďalšie sa nestrhne. Predplatné zostane aktívne do {date}.",
  explainNoDate: "Ak zrušíte, nič ďalšie sa nestrhne.",
  confirm: "Zrušiť predplatné",
  canceledTitle: "Vaše predplatné je zrušené",
  canceledBody: "Nič ďalšie sa nestrhne.",
  canceledUntil: "Zostáva aktívne do {date}.",
  endedTitle: "Toto predplatné sa skončilo",
  endedBody: "Nie je čo zrušiť.",
  notFoundTitle: "Tento odkaz nie je platný",
  notFoundBody: "Skontrolujte odkaz v e-maile alebo kontaktujte obchod.",
  unavailable: "Stránku sa nepodarilo načítať. Skúste to neskôr.",
  planLabel: "Predplatné",
  shopLabel: "Obchod",
};
