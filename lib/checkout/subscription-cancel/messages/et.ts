import type { SubscriptionCancelMessages } from "./types";

export const et: SubscriptionCancelMessages = {
  title: "Tühista oma tellimus",
  explain: "Kui tühistad, ei võeta enam midagi. Tellimus jääb aktiivseks kuni {date}.",
  explainNoDate: "Kui tühistad, ei võeta enam midagi.",
  confirm: "Tühista tellimus",
  canceledTitle: "Sinu tellimus on tühistatud",
  canceledBody: "Enam midagi ei võeta.",
  canceledUntil: "See jääb aktiivseks kuni {date}.",
  endedTitle: "See tellimus on lõppenud",
  endedBody: "Tühistada pole midagi.",
  notFoundTitle: "See link ei kehti",
  notFoundBody: "Kontrolli e-kirjas olevat linki või võta ühendust poega.",
  unavailable: "Lehte ei õnnestunud laadida. Proovi hiljem uuesti.",
  planLabel: "Tellimus",
  shopLabel: "Pood",
};
