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
    trial_will_end: "Jūsų nemokamas bandomasis laikotarpis parduotuvėje {shop} netrukus baigsis",
    plan_changed: "Jūsų planas parduotuvėje {shop} pasikeitė",
    subscription_paused: "Jūsų prenumerata parduotuvėje {shop} sustabdyta",
    subscription_resumed: "Jūsų prenumerata parduotuvėje {shop} atnaujinta",
  },
  intros: {
    receipt: "{shop} gavo jūsų mokėjimą. Ačiū!",
    refund: "{shop} grąžino pinigus į jūsų kortelę. Gali praeiti kelios dienos, kol jie atsiras išrašė.",
    payout: "{shop} išmokėjo pinigus į jūsų kortelę. Gali praeiti kelios dienos, kol jie atsiras išrašė.",
    subscription_started: "Jūsų prenumerata parduotuvėje {shop} prasidėjo.",
    renewal_receipt: "Jūsų prenumerata parduotuvėje {shop} pratęsta ir apmokėta.",
    renewal_failed:
      "Nepavyko nuskaičiuoti mokesčio už prenumeratą parduotuvėje {shop} iš jūsų kortelės. Atnaujinkite kortelę, kad išlaikytumėte prenumeratą.",
    subscription_canceled:
      "Jūsų prenumerata parduotuvėje {shop} atšaukta. Daugiau mokesčių nebus nuskaičiuota.",
    trial_will_end:
      "Jūsų nemokamas bandomasis laikotarpis parduotuvėje {shop} netrukus baigsis. Jei neatšauksite, iš jūsų kortelės bus nuskaičiuota, kaip nurodyta toliau.",
    plan_changed:
      "Jūsų prenumerata parduotuvėje {shop} pereina į naują planą. Štai jo kaina ir pradžios data.",
    subscription_paused:
      "Jūsų prenumerata parduotuvėje {shop} sustabdyta. Kol ji sustabdyta, nieko nenuskaičiuojama.",
    subscription_resumed: "Jūsų prenumerata parduotuvėje {shop} atnaujinta. Štai jūsų kitas mokėjimas.",
  },
  amount: "Suma",
  updateCard: "Atnaujinti kortelę",
  canceledNeverCharged: "Jūsų prenumerata {shop} atšaukta. Iš jūsų nieko nebuvo nuskaičiuota.",
  trialStarted:
    "Jūsų nemokamas bandomasis laikotarpis parduotuvėje {shop} prasidėjo. Šiandien nieko nenuskaičiuojama.",
  subscriptionFooter: "Gaunate šį laišką, nes turite prenumeratą parduotuvėje {shop}.",
  trialEnds: "Bandomojo laikotarpio pabaiga",
  firstCharge: "Pirmasis mokėjimas",
  nextCharge: "Kitas mokėjimas",
  activeUntil: "Aktyvi iki",
  resumesOn: "Atnaujinama",
  attempt: "Bandymas {n} iš {total}",
  nextAttempt: "Kitas bandymas",
  lastAttempt: "Tai buvo paskutinis bandymas.",
  reason: "Priežastis",
  reasons: {
    insufficient_funds: "Nepakanka lėšų",
    card_expired: "Kortelės galiojimas baigėsi",
    declined: "Atmetė kortelės leidėjas",
    processor_error: "Mokėjimų tvarkytojo klaida",
  },
  cancelSubscription: "Atšaukti prenumeratą",
  testMark: "BANDYMAS",
  viewReceipt: "Peržiūrėti kvitą",
  partialRefund: "Dalinis grąžinimas: {refund} iš {amount}",
  fullRefund: "Visiškas grąžinimas: {amount}",
  refundedPayment: "Grąžintas mokėjimas",
  footer: "Šį laišką gavote dėl mokėjimo parduotuvei {shop}. Išsaugokite jį savo įrašams.",
};
