import type { ShopperEmailMessages } from "./types";

export const da: ShopperEmailMessages = {
  subjects: {
    receipt: "Din kvittering fra {shop}",
    refund: "Refusion fra {shop}",
    payout: "Udbetaling fra {shop}",
    subscription_started: "Dit abonnement hos {shop} er startet",
    renewal_receipt: "Dit abonnement hos {shop} er fornyet",
    renewal_failed: "Handling påkrævet: din betaling til {shop} mislykkedes",
    subscription_canceled: "Dit abonnement hos {shop} er opsagt",
    trial_will_end: "Din gratis prøveperiode hos {shop} slutter snart",
    plan_changed: "Din plan hos {shop} er ændret",
    subscription_paused: "Dit abonnement hos {shop} er sat på pause",
    subscription_resumed: "Dit abonnement hos {shop} er genoptaget",
  },
  intros: {
    receipt: "{shop} har modtaget din betaling. Tak!",
    refund:
      "{shop} har refunderet penge til dit kort. Det kan tage et par dage, før det vises på din kontoudskrift.",
    payout:
      "{shop} har udbetalt penge til dit kort. Det kan tage et par dage, før det vises på din kontoudskrift.",
    subscription_started: "Dit abonnement hos {shop} er begyndt.",
    renewal_receipt: "Dit abonnement hos {shop} er fornyet og betalt.",
    renewal_failed:
      "Vi kunne ikke trække betalingen for dit abonnement hos {shop} på dit kort. Opdater dit kort for at beholde abonnementet.",
    subscription_canceled: "Dit abonnement hos {shop} er opsagt. Du bliver ikke trukket igen.",
    trial_will_end:
      "Din gratis prøveperiode hos {shop} slutter snart. Medmindre du opsiger, trækkes beløbet nedenfor på dit kort.",
    plan_changed:
      "Dit abonnement hos {shop} skifter til en ny plan. Her er prisen, og hvornår den gælder fra.",
    subscription_paused: "Dit abonnement hos {shop} er sat på pause. Der trækkes intet under pausen.",
    subscription_resumed: "Dit abonnement hos {shop} er genoptaget. Her er din næste betaling.",
  },
  amount: "Beløb",
  updateCard: "Opdater dit kort",
  canceledNeverCharged: "Dit abonnement hos {shop} er opsagt. Du er ikke blevet opkrævet noget.",
  trialStarted: "Din gratis prøveperiode hos {shop} er begyndt. Der trækkes intet i dag.",
  subscriptionFooter: "Du modtager denne e-mail, fordi du har et abonnement hos {shop}.",
  trialEnds: "Gratis prøveperiode slutter",
  firstCharge: "Første betaling",
  nextCharge: "Næste betaling",
  activeUntil: "Aktiv indtil",
  resumesOn: "Genoptages",
  attempt: "Forsøg {n} af {total}",
  nextAttempt: "Næste forsøg",
  lastAttempt: "Dette var det sidste forsøg.",
  reason: "Årsag",
  reasons: {
    insufficient_funds: "Ikke dækning på kontoen",
    card_expired: "Kortet er udløbet",
    declined: "Afvist af kortudstederen",
    processor_error: "Fejl hos betalingsformidleren",
  },
  cancelSubscription: "Opsig abonnement",
  testMark: "TEST",
  viewReceipt: "Se kvittering",
  partialRefund: "Delvis refusion på {refund} af {amount}",
  fullRefund: "Fuld refusion af {amount}",
  refundedPayment: "Refunderet betaling",
  footer: "Du modtager denne e-mail på grund af en betaling til {shop}. Gem den til dine optegnelser.",
};
