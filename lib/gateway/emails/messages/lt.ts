import type { ShopperEmailMessages } from "./types";

export const lt: ShopperEmailMessages = {
  subjects: {
    receipt: "Jūsų kvitas iš {shop}",
    refund: "Grąžinimas iš {shop}",
    payout: "Išmoka iš {shop}",
    subscription_started: "Jūsų prenumerata parduotuvėje {shop} prasidėjo",
    renewal_receipt: "Jūsų prenumerata parduotuvėje {shop} pratęsta",
    renewal_failed: "Reikia veiksmo: jūsų mokėjimas parduotuvei {shop} nepavyko",
    subscription_canceled: "Jūsų prenumerata parduotuvėje {shop} atšaukta",
  },
  intros: {
    receipt: "{shop} gavo jūsų mokėjimą. Ačiū!",
    refund: "{shop} grąžino pinigus į jūsų kortelę. Gali praeiti kelios dienos, kol jie atsiras išrašė.",
    payout: "{shop} išmokėjo pinigus į jūsų kortelę. Gali praeiti kelios dienos, kol jie atsiras išrašė.",
    subscription_started: "Jūsų prenumerata parduotuvėje {shop} prasidėjo. Štai kiek mokate.",
    renewal_receipt: "Jūsų prenumerata parduotuvėje {shop} pratęsta ir apmokėta.",
    renewal_failed:
      "Nepavyko nuskaičiuoti mokesčio už prenumeratą parduotuvėje {shop} iš jūsų kortelės. Atnaujinkite kortelę, kad išlaikytumėte prenumeratą.",
    subscription_canceled:
      "Jūsų prenumerata parduotuvėje {shop} atšaukta. Daugiau mokesčių nebus nuskaičiuota.",
  },
  amount: "Suma",
  updateCard: "Atnaujinti kortelę",
  canceledNeverCharged: "Jūsų prenumerata {shop} atšaukta. Iš jūsų nieko nebuvo nuskaičiuota.",
  testMark: "BANDYMAS",
  viewReceipt: "Peržiūrėti kvitą",
  partialRefund: "Dalinis grąžinimas: {refund} iš {amount}",
  fullRefund: "Visiškas grąžinimas: {amount}",
  refundedPayment: "Grąžintas mokėjimas",
  footer: "Šį laišką gavote dėl mokėjimo parduotuvei {shop}. Išsaugokite jį savo įrašams.",
};
