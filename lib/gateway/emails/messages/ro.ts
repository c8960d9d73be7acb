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
    trial_will_end: "Perioada ta de probă gratuită la {shop} se încheie curând",
    plan_changed: "Planul tău la {shop} s-a schimbat",
    subscription_paused: "Abonamentul tău la {shop} este în pauză",
    subscription_resumed: "Abonamentul tău la {shop} a fost reluat",
  },
  intros: {
    receipt: "{shop} a primit plata dvs. Vă mulțumim!",
    refund: "{shop} v-a rambursat bani pe card. Poate dura câteva zile până apar în extras.",
    payout: "{shop} v-a plătit bani pe card. Poate dura câteva zile până apar în extras.",
    subscription_started: "Abonamentul tău la {shop} a început.",
    renewal_receipt: "Abonamentul dvs. la {shop} a fost reînnoit și plătit.",
    renewal_failed:
      "Nu am putut debita cardul dvs. pentru abonamentul la {shop}. Actualizați cardul pentru a păstra abonamentul.",
    subscription_canceled: "Abonamentul dvs. la {shop} este anulat. Nu veți mai fi debitat.",
    trial_will_end:
      "Perioada ta de probă gratuită la {shop} se încheie curând. Dacă nu anulezi, cardul tău va fi debitat ca mai jos.",
    plan_changed:
      "Abonamentul tău la {shop} trece la un plan nou. Acesta este prețul și data de la care se aplică.",
    subscription_paused:
      "Abonamentul tău la {shop} este în pauză. Nu se debitează nimic cât timp este în pauză.",
    subscription_resumed: "Abonamentul tău la {shop} a fost reluat. Aceasta este următoarea debitare.",
  },
  amount: "Sumă",
  updateCard: "Actualizați cardul",
  canceledNeverCharged: "Abonamentul dvs. la {shop} este anulat. Nu vi s-a debitat nimic.",
  trialStarted: "Perioada ta de probă gratuită la {shop} a început. Astăzi nu se debitează nimic.",
  subscriptionFooter: "Primești acest e-mail pentru că ai un abonament la {shop}.",
  trialEnds: "Sfârșitul perioadei de probă",
  firstCharge: "Prima debitare",
  nextCharge: "Următoarea debitare",
  activeUntil: "Activ până la",
  resumesOn: "Se reia pe",
  attempt: "Încercarea {n} din {total}",
  nextAttempt: "Următoarea încercare",
  lastAttempt: "Aceasta a fost ultima încercare.",
  reason: "Motiv",
  reasons: {
    insufficient_funds: "Fonduri insuficiente",
    card_expired: "Card expirat",
    declined: "Refuzat de emitentul cardului",
    processor_error: "Eroare a procesatorului de plăți",
  },
  cancelSubscription: "Anulează abonamentul",
  testMark: "TEST",
  footer: "Primiți acest e-mail din cauza unei plăți către {shop}. Păstrați-l pentru evidența dvs.",
};
