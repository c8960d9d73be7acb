import type { SubscriptionCancelMessages } from "./types";

export const it: SubscriptionCancelMessages = {
  title: "Annulla il tuo abbonamento",
  explain: "Se annulli, non viene addebitato più nulla. Il tuo abbonamento resta attivo fino al {date}.",
  explainNoDate: "Se annulli, non viene addebitato più nulla.",
  confirm: "Annulla abbonamento",
  canceledTitle: "Il tuo abbonamento è annullato",
  canceledBody: "Non verrà addebitato più nulla.",
  canceledUntil: "Resta attivo fino al {date}.",
  endedTitle: "Questo abbonamento è terminato",
  endedBody: "Non c’è nulla da annullare.",
  notFoundTitle: "Questo link non è valido",
  notFoundBody: "Controlla il link nella tua e-mail o contatta il negozio.",
  unavailable: "Impossibile caricare la pagina. Riprova più tardi.",
  planLabel: "Abbonamento",
  shopLabel: "Negozio",
};
