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
  },
  intros: {
    receipt: "{shop} har mottatt betalingen din. Takk!",
    refund:
      "{shop} har refundert penger til kortet ditt. Det kan ta noen dager før det vises på kontoutskriften.",
    payout:
      "{shop} har utbetalt penger til kortet ditt. Det kan ta noen dager før det vises på kontoutskriften.",
    subscription_started: "Abonnementet ditt hos {shop} har startet. Dette er hva du betaler.",
    renewal_receipt: "Abonnementet ditt hos {shop} er fornyet og betalt.",
    renewal_failed:
      "Vi kunne ikke belaste kortet ditt for abonnementet hos {shop}. Oppdater kortet for å beholde abonnementet.",
    subscription_canceled: "Abonnementet ditt hos {shop} er avsluttet. Du blir ikke belastet igjen.",
  },
  amount: "Beløp",
  updateCard: "Oppdater kortet",
  canceledNeverCharged: "Abonnementet ditt hos {shop} er avsluttet. Du er ikke blitt belastet noe.",
  testMark: "TEST",
  viewReceipt: "Se kvittering",
  partialRefund: "Delvis refusjon på {refund} av {amount}",
  fullRefund: "Full refusjon av {amount}",
  refundedPayment: "Refundert betaling",
  footer:
    "Du mottar denne e-posten på grunn av en betaling til {shop}. Ta vare på den for dine opptegnelser.",
};
