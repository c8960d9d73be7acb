import type { SubscriptionCancelMessages } from "./types";

export const fi: SubscriptionCancelMessages = {
  title: "Peru tilauksesi",
  explain: "Jos perut, mitään ei enää veloiteta. Tilauksesi on voimassa {date} asti.",
  explainNoDate: "Jos perut, mitään ei enää veloiteta.",
  confirm: "Peru tilaus",
  canceledTitle: "Tilauksesi on peruttu",
  canceledBody: "Mitään ei enää veloiteta.",
  canceledUntil: "Se on voimassa {date} asti.",
  endedTitle: "Tämä tilaus on päättynyt",
  endedBody: "Perättävää ei ole.",
  notFoundTitle: "Linkki ei ole kelvollinen",
  notFoundBody: "Tarkista sähköpostisi linkki tai ota yhteyttä kauppaan.",
  unavailable: "Sivua ei voitu ladata. Yritä myöhemmin uudelleen.",
  planLabel: "Tilaus",
  shopLabel: "Kauppa",
};
