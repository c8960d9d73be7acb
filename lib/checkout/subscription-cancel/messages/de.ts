import type { SubscriptionCancelMessages } from "./types";

export const de: SubscriptionCancelMessages = {
  title: "Abonnement kündigen",
  explain: "Wenn Sie kündigen, wird nichts mehr abgebucht. Ihr Abonnement bleibt bis {date} aktiv.",
  explainNoDate: "Wenn Sie kündigen, wird nichts mehr abgebucht.",
  confirm: "Abonnement kündigen",
  canceledTitle: "Ihr Abonnement ist gekündigt",
  canceledBody: "Es wird nichts mehr abgebucht.",
  canceledUntil: "Es bleibt bis {date} aktiv.",
  endedTitle: "Dieses Abonnement ist beendet",
  endedBody: "Es gibt nichts zu kündigen.",
  notFoundTitle: "Dieser Link ist ungültig",
  notFoundBody: "Prüfen Sie den Link in Ihrer E-Mail oder wenden Sie sich an den Shop.",
  unavailable: "Die Seite konnte nicht geladen werden. Bitte versuchen Sie es später erneut.",
  planLabel: "Abonnement",
  shopLabel: "Shop",
};
