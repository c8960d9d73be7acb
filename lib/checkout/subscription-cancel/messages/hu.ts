import type { SubscriptionCancelMessages } from "./types";

export const hu: SubscriptionCancelMessages = {
  title: "Előfizetés lemondása",
  explain: "Ha lemondod, többé semmit sem terhelünk. Az előfizetésed eddig aktív marad: {date}.",
  explainNoDate: "Ha lemondod, többé semmit sem terhelünk.",
  confirm: "Előfizetés lemondása",
  canceledTitle: "Az előfizetésed le van mondva",
  canceledBody: "Többé semmit sem terhelünk.",
  canceledUntil: "Eddig aktív marad: {date}.",
  endedTitle: "Ez az előfizetés véget ért",
  endedBody: "Nincs mit lemondani.",
  notFoundTitle: "Ez a link nem érvényes",
  notFoundBody: "Ellenőrizd az e-mailben kapott linket, vagy fordulj az üzlethez.",
  unavailable: "Az oldal nem tölthető be. Próbáld újra később.",
  planLabel: "Előfizetés",
  shopLabel: "Üzlet",
};
