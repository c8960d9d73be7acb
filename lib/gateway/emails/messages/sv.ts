import type { ShopperEmailMessages } from "./types";

export const sv: ShopperEmailMessages = {
  subjects: {
    receipt: "Ditt kvitto från {shop}",
    refund: "Återbetalning från {shop}",
    payout: "Utbetalning från {shop}",
    subscription_started: "Ditt abonnemang hos {shop} har startat",
    renewal_receipt: "Ditt abonnemang hos {shop} har förnyats",
    renewal_failed: "Åtgärd krävs: din betalning till {shop} misslyckades",
    subscription_canceled: "Ditt abonnemang hos {shop} är avslutat",
    trial_will_end: "Din kostnadsfria provperiod hos {shop} slutar snart",
    plan_changed: "Din plan hos {shop} har ändrats",
    subscription_paused: "Ditt abonnemang hos {shop} är pausat",
    subscription_resumed: "Ditt abonnemang hos {shop} har återupptagits",
  },
  intros: {
    receipt: "{shop} har tagit emot din betalning. Tack!",
    refund:
      "{shop} har återbetalat pengar till ditt kort. Det kan ta några dagar innan det syns på kontoutdraget.",
    payout:
      "{shop} har betalat ut pengar till ditt kort. Det kan ta några dagar innan det syns på kontoutdraget.",
    subscription_started: "Ditt abonnemang hos {shop} har börjat.",
    renewal_receipt: "Ditt abonnemang hos {shop} har förnyats och betalats.",
    renewal_failed:
      "Vi kunde inte debitera ditt kort för ditt abonnemang hos {shop}. Uppdatera ditt kort för att behålla abonnemanget.",
    subscription_canceled: "Ditt abonnemang hos {shop} är avslutat. Du debiteras inte igen.",
    trial_will_end:
      "Din kostnadsfria provperiod hos {shop} slutar snart. Om du inte säger upp debiteras ditt kort enligt nedan.",
    plan_changed: "Ditt abonnemang hos {shop} byter till en ny plan. Här är priset och när det börjar gälla.",
    subscription_paused: "Ditt abonnemang hos {shop} är pausat. Inget debiteras under pausen.",
    subscription_resumed: "Ditt abonnemang hos {shop} har återupptagits. Här är din nästa debitering.",
  },
  amount: "Belopp",
  updateCard: "Uppdatera ditt kort",
  canceledNeverCharged: "Ditt abonnemang hos {shop} är avslutat. Du har inte debiterats något.",
  trialStarted: "Din kostnadsfria provperiod hos {shop} har börjat. Inget debiteras i dag.",
  subscriptionFooter: "Du får det här e-postmeddelandet eftersom du har ett abonnemang hos {shop}.",
  trialEnds: "Provperioden slutar",
  firstCharge: "Första debitering",
  nextCharge: "Nästa debitering",
  activeUntil: "Aktivt till",
  resumesOn: "Återupptas",
  attempt: "Försök {n} av {total}",
  nextAttempt: "Nästa försök",
  lastAttempt: "Det här var det sista försöket.",
  reason: "Orsak",
  reasons: {
    insufficient_funds: "Otillräckligt saldo",
    card_expired: "Kortet har gått ut",
    declined: "Nekat av kortutgivaren",
    processor_error: "Fel hos betalningsleverantören",
  },
  cancelSubscription: "Säg upp abonnemanget",
  testMark: "TEST",
  viewReceipt: "Visa kvitto",
  partialRefund: "Delvis återbetalning på {refund} av {amount}",
  fullRefund: "Full återbetalning av {amount}",
  refundedPayment: "Återbetald betalning",
  footer:
    "Du får det här e-postmeddelandet på grund av en betalning till {shop}. Spara det för din bokföring.",
};
