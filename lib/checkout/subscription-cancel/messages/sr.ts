import type { SubscriptionCancelMessages } from "./types";

export const sr: SubscriptionCancelMessages = {
  title: "Otkažite pretplatu",
  explain: "Ako otkažete, više se ništa ne naplaćuje. Pretplata ostaje aktivna do {date}.",
  explainNoDate: "Ako otkažete, više se ništa ne naplaćuje.",
  confirm: "Otkaži pretplatu",
  canceledTitle: "Vaša pretplata je otkazana",
  canceledBody: "Više se ništa neće naplatiti.",
  canceledUntil: "Ostaje aktivna do {date}.",
  endedTitle: "Ova pretplata je završena",
  endedBody: "Nema šta da se otkaže.",
  notFoundTitle: "Ovaj link nije važeći",
  notFoundBody: "Proverite link u e-poruci ili se obratite prodavnici.",
  unavailable: "Stranica nije mogla da se učita. Pokušajte ponovo kasnije.",
  planLabel: "Pretplata",
  shopLabel: "Prodavnica",
};
