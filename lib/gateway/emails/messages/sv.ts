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
  },
  intros: {
    receipt: "{shop} har tagit emot din betalning. Tack!",
    refund:
      "{shop} har återbetalat pengar till ditt kort. Det kan ta några dagar innan det syns på kontoutdraget.",
    payout:
      "{shop} har betalat ut pengar till ditt kort. Det kan ta några dagar innan det syns på kontoutdraget.",
    subscription_started: "Ditt abonnemang hos {shop} har startat. Detta är vad du betalar.",
    renewal_receipt: "Ditt abonnemang hos {shop} har förnyats och betalats.",
    renewal_failed:
      "Vi kunde inte debitera ditt kort för ditt abonnemang hos {shop}. Uppdatera ditt kort för att behålla abonnemanget.",
    subscription_canceled: "Ditt abonnemang hos {shop} är avslutat. Du debiteras inte igen.",
  },
  amount: "Belopp",
  updateCard: "Uppdatera ditt kort",
  canceledNeverCharged: "Ditt abonnemang hos {shop} är avslutat. Du har inte debiterats något.",
  testMark: "TEST",
  viewReceipt: "Visa kvitto",
  partialRefund: "Delvis återbetalning på {refund} av {amount}",
  fullRefund: "Full återbetalning av {amount}",
  refundedPayment: "Återbetald betalning",
  footer:
    "Du får det här e-postmeddelandet på grund av en betalning till {shop}. Spara det för din bokföring.",
};
