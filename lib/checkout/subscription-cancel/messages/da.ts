import type { SubscriptionCancelMessages } from "./types";

export const da: SubscriptionCancelMessages = {
  title: "Opsig dit abonnement",
  explain: "Hvis du opsiger, trækkes der ikke mere. Dit abonnement er aktivt indtil {date}.",
  explainNoDate: "Hvis du opsiger, trækkes der ikke mere.",
  confirm: "Opsig abonnement",
  canceledTitle: "Dit abonnement er opsagt",
  canceledBody: "Der trækkes ikke mere.",
  canceledUntil: "Det er aktivt indtil {date}.",
  endedTitle: "Dette abonnement er afsluttet",
  endedBody: "Der er intet at opsige.",
  notFoundTitle: "Dette link er ikke gyldigt",
  notFoundBody: "Tjek linket i din e-mail, eller kontakt butikken.",
  unavailable: "Siden kunne ikke indlæses. Prøv igen senere.",
  planLabel: "Abonnement",
  shopLabel: "Butik",
};
