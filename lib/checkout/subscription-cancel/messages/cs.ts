import type { SubscriptionCancelMessages } from "./types";

export const cs: SubscriptionCancelMessages = {
  title: "Zrušit předplatné",
  explain: "Pokud zrušíte, nic dalšího se nestrhne. Předplatné zůstane aktivní do {date}.",
  explainNoDate: "Pokud zrušíte, nic dalšího se nestrhne.",
  confirm: "Zrušit předplatné",
  canceledTitle: "Vaše předplatné je zrušeno",
  canceledBody: "Nic dalšího se nestrhne.",
  canceledUntil: "Zůstává aktivní do {date}.",
  endedTitle: "Toto předplatné skončilo",
  endedBody: "Není co rušit.",
  notFoundTitle: "Tento odkaz není platný",
  notFoundBody: "Zkontrolujte odkaz v e-mailu nebo kontaktujte obchod.",
  unavailable: "Stránku se nepodařilo načíst. Zkuste to prosím později.",
  planLabel: "Předplatné",
  shopLabel: "Obchod",
};
