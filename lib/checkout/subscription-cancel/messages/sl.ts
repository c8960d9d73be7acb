import type { SubscriptionCancelMessages } from "./types";

export const sl: SubscriptionCancelMessages = {
  title: "Prekličite naročnino",
  explain: "Če prekličete, se ne zaračuna nič več. Naročnina ostane aktivna do {date}.",
  explainNoDate: "Če prekličete, se ne zaračuna nič več.",
  confirm: "Prekliči naročnino",
  canceledTitle: "Vaša naročnina je preklicana",
  canceledBody: "Nič več ne bo zaračunano.",
  canceledUntil: "Aktivna ostane do {date}.",
  endedTitle: "Ta naročnina se je končala",
  endedBody: "Ničesar ni za preklicati.",
  notFoundTitle: "Ta povezava ni veljavna",
  notFoundBody: "Preverite povezavo v e-pošti ali se obrnite na trgovino.",
  unavailable: "Strani ni bilo mogoče naložiti. Poskusite znova pozneje.",
  planLabel: "Naročnina",
  shopLabel: "Trgovina",
};
