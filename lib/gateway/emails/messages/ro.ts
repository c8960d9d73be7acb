import type { ShopperEmailMessages } from "./types";

export const ro: ShopperEmailMessages = {
  subjects: {
    receipt: "Chitanța dvs. de la {shop}",
    refund: "Rambursare de la {shop}",
    payout: "Plată de la {shop} pe card",
    subscription_started: "Abonamentul dvs. la {shop} a început",
    renewal_receipt: "Abonamentul dvs. la {shop} a fost reînnoit",
    renewal_failed: "Acțiune necesară: plata dvs. către {shop} a eșuat",
    subscription_canceled: "Abonamentul dvs. la {shop} este anulat",
  },
  intros: {
    receipt: "{shop} a primit plata dvs. Vă mulțumim!",
    refund: "{shop} v-a rambursat bani pe card. Poate dura câteva zile până apar în extras.",
    payout: "{shop} v-a plătit bani pe card. Poate dura câteva zile până apar în extras.",
    subscription_started: "Abonamentul dvs. la {shop} a început. Iată cât plătiți.",
    renewal_receipt: "Abonamentul dvs. la {shop} a fost reînnoit și plătit.",
    renewal_failed:
      "Nu am putut debita cardul dvs. pentru abonamentul la {shop}. Actualizați cardul pentru a păstra abonamentul.",
    subscription_canceled: "Abonamentul dvs. la {shop} este anulat. Nu veți mai fi debitat.",
  },
  amount: "Sumă",
  updateCard: "Actualizați cardul",
  canceledNeverCharged: "Abonamentul dvs. la {shop} este anulat. Nu vi s-a debitat nimic.",
  testMark: "TEST",
  viewReceipt: "Vezi chitanța",
  partialRefund: "Rambursare parțială de {refund} din {amount}",
  fullRefund: "Rambursare integrală de {amount}",
  refundedPayment: "Plată rambursată",
  footer: "Primiți acest e-mail din cauza unei plăți către {shop}. Păstrați-l pentru evidența dvs.",
};
