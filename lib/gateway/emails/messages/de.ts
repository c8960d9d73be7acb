import type { ShopperEmailMessages } from "./types";

export const de: ShopperEmailMessages = {
  subjects: {
    receipt: "Ihr Beleg von {shop}",
    refund: "Erstattung von {shop}",
    payout: "Auszahlung von {shop}",
    subscription_started: "Ihr Abonnement bei {shop} hat begonnen",
    renewal_receipt: "Ihr Abonnement bei {shop} wurde verlängert",
    renewal_failed: "Handlungsbedarf: Ihre Zahlung an {shop} ist fehlgeschlagen",
    subscription_canceled: "Ihr Abonnement bei {shop} ist gekündigt",
  },
  intros: {
    receipt: "{shop} hat Ihre Zahlung erhalten. Vielen Dank!",
    refund:
      "{shop} hat Ihnen Geld auf Ihre Karte erstattet. Es kann einige Tage dauern, bis es auf Ihrem Kontoauszug erscheint.",
    payout:
      "{shop} hat Geld auf Ihre Karte ausgezahlt. Es kann einige Tage dauern, bis es auf Ihrem Kontoauszug erscheint.",
    subscription_started: "Ihr Abonnement bei {shop} hat begonnen. Das zahlen Sie.",
    renewal_receipt: "Ihr Abonnement bei {shop} wurde verlängert und bezahlt.",
    renewal_failed:
      "Wir konnten Ihre Karte für Ihr Abonnement bei {shop} nicht belasten. Aktualisieren Sie Ihre Karte, um Ihr Abonnement zu behalten.",
    subscription_canceled: "Ihr Abonnement bei {shop} ist gekündigt. Es wird nichts mehr abgebucht.",
  },
  amount: "Betrag",
  updateCard: "Karte aktualisieren",
  canceledNeverCharged: "Ihr Abonnement bei {shop} ist gekündigt. Es wurde nichts abgebucht.",
  testMark: "TEST",
  viewReceipt: "Beleg ansehen",
  partialRefund: "Teilerstattung von {refund} von {amount}",
  fullRefund: "Vollständige Erstattung von {amount}",
  refundedPayment: "Erstattete Zahlung",
  footer:
    "Sie erhalten diese E-Mail wegen einer Zahlung an {shop}. Bitte bewahren Sie sie für Ihre Unterlagen auf.",
};
