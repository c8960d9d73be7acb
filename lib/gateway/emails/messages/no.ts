import type { ShopperEmailMessages } from "./types";

export const no: ShopperEmailMessages = {
  subjects: {
    receipt: "Kvitteringen din fra {shop}",
    refund: "Refusjon fra {shop}",
    payout: "Utbetaling fra {shop}",
    subscription_started: "Abonnementet ditt hos {shop} har startet",
    renewal_receipt: "Abonnementet ditt hos {shop} er fornyet",
    renewal_failed: "Handling kreves: betalingen din til {shop} mislyktes",
    subscription_canceled: "Abonnementet ditt hos {shop} er avsluttet",
    trial_will_end: "Den gratis prøveperioden din hos {shop} slutter snart",
    plan_changed: "Planen din hos {shop} er endret",
    subscription_paused: "Abonnementet ditt hos {shop} er satt på pause",
    subscription_resumed: "Abonnementet ditt hos {shop} er gjenopptatt",
  },
  intros: {
    receipt: "{shop} har mottatt betalingen din. Takk!",
    refund:
      "{shop} har refundert penger til kortet ditt. Det kan ta noen dager før det vises på kontoutskriften.",
    payout:
      "{shop} har utbetalt penger til kortet ditt. Det kan ta noen dager før det vises på kontoutskriften.",
    subscription_started: "Abonnementet ditt hos {shop} har startet.",
    renewal_receipt: "Abonnementet ditt hos {shop} er fornyet og betalt.",
    renewal_failed:
      "Vi kunne ikke belaste kortet ditt for abonnementet hos {shop}. Oppdater kortet for å beholde abonnementet.",
    subscription_canceled: "Abonnementet ditt hos {shop} er avsluttet. Du blir ikke belastet igjen.",
    trial_will_end:
      "Den gratis prøveperioden din hos {shop} slutter snart. Hvis du ikke sier opp, belastes kortet ditt som vist nedenfor.",
    plan_changed: "Abonnementet ditt hos {shop} bytter til en ny plan. Her er prisen og når den gjelder fra.",
    subscription_paused:
      "Abonnementet ditt hos {shop} er satt på pause. Ingenting belastes mens det er på pause.",
    subscription_resumed: "Abonnementet ditt hos {shop} er gjenopptatt. Her er neste belastning.",
  },
  amount: "Beløp",
  updateCard: "Oppdater kortet",
  canceledNeverCharged: "Abonnementet ditt hos {shop} er avsluttet. Du er ikke blitt belastet noe.",
  trialStarted: "Den gratis prøveperioden din hos {shop} har startet. Ingenting belastes i dag.",
  subscriptionFooter: "Du får denne e-posten fordi du har et abonnement hos {shop}.",
  trialEnds: "Prøveperioden slutter",
  firstCharge: "Første belastning",
  nextCharge: "Neste belastning",
  activeUntil: "Aktivt til",
  resumesOn: "Gjenopptas",
  attempt: "Forsøk {n} av {total}",
  nextAttempt: "Neste forsøk",
  lastAttempt: "Dette var siste forsøk.",
  reason: "Årsak",
  reasons: {
    insufficient_funds: "Ikke dekning",
    card_expired: "Kortet er utløpt",
    declined: "Avvist av kortutstederen",
    processor_error: "Feil hos betalingsleverandøren",
  },
  cancelSubscription: "Si opp abonnementet",
  testMark: "TEST",
  viewReceipt: "Se kvittering",
  partialRefund: "Delvis refusjon på {refund} av {amount}",
  fullRefund: "Full refusjon av {amount}",
  refundedPayment: "Refundert betaling",
  footer:
    "Du mottar denne e-posten på grunn av en betaling til {shop}. Ta vare på den for dine opptegnelser.",
};
