import type { SubscriptionCancelMessages } from "./types";

export const no: SubscriptionCancelMessages = {
  title: "Si opp abonnementet ditt",
  explain: "Hvis du sier opp, belastes ingenting mer. Abonnementet ditt er aktivt til {date}.",
  explainNoDate: "Hvis du sier opp, belastes ingenting mer.",
  confirm: "Si opp abonnementet",
  canceledTitle: "Abonnementet ditt er sagt opp",
  canceledBody: "Ingenting mer blir belastet.",
  canceledUntil: "Det er aktivt til {date}.",
  endedTitle: "Dette abonnementet er avsluttet",
  endedBody: "Det er ingenting å si opp.",
  notFoundTitle: "Denne lenken er ikke gyldig",
  notFoundBody: "Sjekk lenken i e-posten din, eller kontakt butikken.",
  unavailable: "Siden kunne ikke lastes. Prøv igjen senere.",
  planLabel: "Abonnement",
  shopLabel: "Butikk",
};
