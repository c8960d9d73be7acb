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
    trial_will_end: "Ihr kostenloser Test bei {shop} endet bald",
    plan_changed: "Ihr Tarif bei {shop} hat sich geändert",
    subscription_paused: "Ihr Abonnement bei {shop} ist pausiert",
    subscription_resumed: "Ihr Abonnement bei {shop} läuft wieder",
  },
  intros: {
    receipt: "{shop} hat Ihre Zahlung erhalten. Vielen Dank!",
    refund:
      "{shop} hat Ihnen Geld auf Ihre Karte erstattet. Es kann einige Tage dauern, bis es auf Ihrem Kontoauszug erscheint.",
    payout:
      "{shop} hat Geld auf Ihre Karte ausgezahlt. Es kann einige Tage dauern, bis es auf Ihrem Kontoauszug erscheint.",
    subscription_started: "Ihr Abonnement bei {shop} hat begonnen.",
    renewal_receipt: "Ihr Abonnement bei {shop} wurde verlängert und bezahlt.",
    renewal_failed:
      "Wir konnten Ihre Karte für Ihr Abonnement bei {shop} nicht belasten. Aktualisieren Sie Ihre Karte, um Ihr Abonnement zu behalten.",
    subscription_canceled: "Ihr Abonnement bei {shop} ist gekündigt. Es wird nichts mehr abgebucht.",
    trial_will_end:
      "Ihr kostenloser Test bei {shop} endet bald. Wenn Sie nicht kündigen, wird Ihre Karte wie unten angegeben belastet.",
    plan_changed:
      "Ihr Abonnement bei {shop} wechselt zu einem neuen Tarif. Das ist sein Preis und ab wann er gilt.",
    subscription_paused: "Ihr Abonnement bei {shop} ist pausiert. Während der Pause wird nichts abgebucht.",
    subscription_resumed: "Ihr Abonnement bei {shop} läuft wieder. Das ist Ihre nächste Abbuchung.",
  },
  amount: "Betrag",
  updateCard: "Karte aktualisieren",
  canceledNeverCharged: "Ihr Abonnement bei {shop} ist gekündigt. Es wurde nichts abgebucht.",
  trialStarted: "Ihr kostenloser Test bei {shop} hat begonnen. Heute wird nichts abgebucht.",
  subscriptionFooter: "Sie erhalten diese E-Mail, weil Sie ein Abonnement bei {shop} haben.",
  trialEnds: "Kostenloser Test endet",
  firstCharge: "Erste Abbuchung",
  nextCharge: "Nächste Abbuchung",
  activeUntil: "Aktiv bis",
  resumesOn: "Wird fortgesetzt am",
  attempt: "Versuch {n} von {total}",
  nextAttempt: "Nächster Versuch",
  lastAttempt: "Das war der letzte Versuch.",
  reason: "Grund",
  reasons: {
    insufficient_funds: "Unzureichende Deckung",
    card_expired: "Karte abgelaufen",
    declined: "Vom Kartenaussteller abgelehnt",
    processor_error: "Fehler des Zahlungsdienstleisters",
  },
  cancelSubscription: "Abonnement kündigen",
  testMark: "TEST",
  viewReceipt: "Beleg ansehen",
  partialRefund: "Teilerstattung von {refund} von {amount}",
  fullRefund: "Vollständige Erstattung von {amount}",
  refundedPayment: "Erstattete Zahlung",
  footer:
    "Sie erhalten diese E-Mail wegen einer Zahlung an {shop}. Bitte bewahren Sie sie für Ihre Unterlagen auf.",
};
