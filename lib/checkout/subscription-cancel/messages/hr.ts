import type { SubscriptionCancelMessages } from "./types";

export const hr: SubscriptionCancelMessages = {
  title: "Otkažite pretplatu",
  explain: "Ako otkažete, više se ništa ne naplaćuje. Pretplata ostaje aktivna do {date}.",
  explainNoDate: "Ako otkažete, više se ništa ne naplaćuje.",
  confirm: "Otkaži pretplatu",
  canceledTitle: "Vaša pretplata je otkazana",
  canceledBody: "Više se ništa neće naplatiti.",
  canceledUntil: "Ostaje aktivna do {date}.",
  endedTitle: "Ova pretplata je završila",
  endedBody: "Nema se što otkazati.",
  notFoundTitle: "Ova poveznica nije valjana",
  notFoundBody: "Provjerite poveznicu u e-poruci ili se obratite trgovini.",
  unavailable: "Stranicu nije moguće učitati. Pokušajte ponovno kasnije.",
  planLabel: "Pretplata",
  shopLabel: "Trgovina",
};
