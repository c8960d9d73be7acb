import type { SubscriptionCancelMessages } from "./types";

export const nl: SubscriptionCancelMessages = {
  title: "Je abonnement opzeggen",
  explain: "Als je opzegt, wordt er niets meer afgeschreven. Je abonnement blijft actief tot {date}.",
  explainNoDate: "Als je opzegt, wordt er niets meer afgeschreven.",
  confirm: "Abonnement opzeggen",
  canceledTitle: "Je abonnement is opgezegd",
  canceledBody: "Er wordt niets meer afgeschreven.",
  canceledUntil: "Het blijft actief tot {date}.",
  endedTitle: "Dit abonnement is beëindigd",
  endedBody: "Er is niets op te zeggen.",
  notFoundTitle: "Deze link is niet geldig",
  notFoundBody: "Controleer de link in je e-mail of neem contact op met de winkel.",
  unavailable: "De pagina kon niet worden geladen. Probeer het later opnieuw.",
  planLabel: "Abonnement",
  shopLabel: "Winkel",
};
