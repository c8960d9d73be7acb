import type { SubscriptionCancelMessages } from "./types";

export const lv: SubscriptionCancelMessages = {
  title: "Atceliet savu abonementu",
  explain: "Ja atcelsiet, nekas vairs netiks iekasēts. Abonements paliek aktīvs līdz {date}.",
  explainNoDate: "Ja atcelsiet, nekas vairs netiks iekasēts.",
  confirm: "Atcelt abonementu",
  canceledTitle: "Jūsu abonements ir atcelts",
  canceledBody: "Nekas vairs netiks iekasēts.",
  canceledUntil: "Tas paliek aktīvs līdz {date}.",
  endedTitle: "Šis abonements ir beidzies",
  endedBody: "Nav ko atcelt.",
  notFoundTitle: "Šī saite nav derīga",
  notFoundBody: "Pārbaudiet saiti e-pastā vai sazinieties ar veikalu.",
  unavailable: "Lapu neizdevās ielādēt. Lūdzu, mēģiniet vēlāk.",
  planLabel: "Abonements",
  shopLabel: "Veikals",
};
