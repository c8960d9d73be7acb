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
  },
  intros: {
    receipt: "{shop} heeft uw betaling ontvangen. Bedankt!",
    refund:
      "{shop} heeft geld teruggestort op uw kaart. Het kan enkele dagen duren voordat het op uw afschrift staat.",
    payout:
      "{shop} heeft geld uitbetaald op uw kaart. Het kan enkele dagen duren voordat het op uw afschrift staat.",
    subscription_started: "Uw abonnement bij {shop} is gestart. Dit is wat u betaalt.",
    renewal_receipt: "Uw abonnement bij {shop} is verlengd en betaald.",
    renewal_failed:
      "We konden uw kaart niet belasten voor uw abonnement bij {shop}. Werk uw kaart bij om uw abonnement te behouden.",
    subscription_canceled: "Uw abonnement bij {shop} is opgezegd. Er wordt niets meer afgeschreven.",
  },
  amount: "Bedrag",
  updateCard: "Kaart bijwerken",
  canceledNeverCharged: "Uw abonnement bij {shop} is opgezegd. Er is niets bij u in rekening gebracht.",
  testMark: "TEST",
  viewReceipt: "Bon bekijken",
  partialRefund: "Gedeeltelijke terugbetaling van {refund} van {amount}",
  fullRefund: "Volledige terugbetaling van {amount}",
  refundedPayment: "Terugbetaalde betaling",
  footer: "U ontvangt deze e-mail vanwege een betaling aan {shop}. Bewaar hem voor uw administratie.",
};
