import type { ShopperEmailMessages } from "./types";

export const nl: ShopperEmailMessages = {
  subjects: {
    receipt: "Uw betaalbewijs van {shop}",
    refund: "Terugbetaling van {shop}",
    payout: "Uitbetaling van {shop}",
    subscription_started: "Uw abonnement bij {shop} is gestart",
    renewal_receipt: "Uw abonnement bij {shop} is verlengd",
    renewal_failed: "Actie nodig: uw betaling aan {shop} is mislukt",
    subscription_canceled: "Uw abonnement bij {shop} is opgezegd",
    trial_will_end: "Je gratis proefperiode bij {shop} eindigt binnenkort",
    plan_changed: "Je abonnement bij {shop} is gewijzigd",
    subscription_paused: "Je abonnement bij {shop} is gepauzeerd",
    subscription_resumed: "Je abonnement bij {shop} loopt weer",
  },
  intros: {
    receipt: "{shop} heeft uw betaling ontvangen. Bedankt!",
    refund:
      "{shop} heeft geld teruggestort op uw kaart. Het kan enkele dagen duren voordat het op uw afschrift staat.",
    payout:
      "{shop} heeft geld uitbetaald op uw kaart. Het kan enkele dagen duren voordat het op uw afschrift staat.",
    subscription_started: "Je abonnement bij {shop} is begonnen.",
    renewal_receipt: "Uw abonnement bij {shop} is verlengd en betaald.",
    renewal_failed:
      "We konden uw kaart niet belasten voor uw abonnement bij {shop}. Werk uw kaart bij om uw abonnement te behouden.",
    subscription_canceled: "Uw abonnement bij {shop} is opgezegd. Er wordt niets meer afgeschreven.",
    trial_will_end:
      "Je gratis proefperiode bij {shop} eindigt binnenkort. Als je niet opzegt, wordt je kaart belast zoals hieronder staat.",
    plan_changed:
      "Je abonnement bij {shop} gaat over op een nieuw plan. Dit is de prijs en wanneer die ingaat.",
    subscription_paused: "Je abonnement bij {shop} is gepauzeerd. Tijdens de pauze wordt niets afgeschreven.",
    subscription_resumed: "Je abonnement bij {shop} loopt weer. Dit is je volgende afschrijving.",
  },
  amount: "Bedrag",
  updateCard: "Kaart bijwerken",
  canceledNeverCharged: "Uw abonnement bij {shop} is opgezegd. Er is niets bij u in rekening gebracht.",
  trialStarted: "Je gratis proefperiode bij {shop} is begonnen. Vandaag wordt niets afgeschreven.",
  subscriptionFooter: "Je ontvangt deze e-mail omdat je een abonnement hebt bij {shop}.",
  trialEnds: "Gratis proefperiode eindigt",
  firstCharge: "Eerste afschrijving",
  nextCharge: "Volgende afschrijving",
  activeUntil: "Actief tot",
  resumesOn: "Gaat verder op",
  attempt: "Poging {n} van {total}",
  nextAttempt: "Volgende poging",
  lastAttempt: "Dit was de laatste poging.",
  reason: "Reden",
  reasons: {
    insufficient_funds: "Onvoldoende saldo",
    card_expired: "Kaart verlopen",
    declined: "Geweigerd door de kaartuitgever",
    processor_error: "Fout bij de betaalverwerker",
  },
  cancelSubscription: "Abonnement opzeggen",
  testMark: "TEST",
  viewReceipt: "Bon bekijken",
  partialRefund: "Gedeeltelijke terugbetaling van {refund} van {amount}",
  fullRefund: "Volledige terugbetaling van {amount}",
  refundedPayment: "Terugbetaalde betaling",
  footer: "U ontvangt deze e-mail vanwege een betaling aan {shop}. Bewaar hem voor uw administratie.",
};
