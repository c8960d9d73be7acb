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
  },
  intros: {
    receipt: "{shop} har modtaget din betaling. Tak!",
    refund:
      "{shop} har refunderet penge til dit kort. Det kan tage et par dage, før det vises på din kontoudskrift.",
    payout:
      "{shop} har udbetalt penge til dit kort. Det kan tage et par dage, før det vises på din kontoudskrift.",
    subscription_started: "Dit abonnement hos {shop} er startet. Det er dette, du betaler.",
    renewal_receipt: "Dit abonnement hos {shop} er fornyet og betalt.",
    renewal_failed:
      "Vi kunne ikke trække betalingen for dit abonnement hos {shop} på dit kort. Opdater dit kort for at beholde abonnementet.",
    subscription_canceled: "Dit abonnement hos {shop} er opsagt. Du bliver ikke trukket igen.",
  },
  amount: "Beløb",
  updateCard: "Opdater dit kort",
  canceledNeverCharged: "Dit abonnement hos {shop} er opsagt. Du er ikke blevet opkrævet noget.",
  testMark: "TEST",
  viewReceipt: "Se kvittering",
  partialRefund: "Delvis refusion på {refund} af {amount}",
  fullRefund: "Fuld refusion af {amount}",
  refundedPayment: "Refunderet betaling",
  footer: "Du modtager denne e-mail på grund af en betaling til {shop}. Gem den til dine optegnelser.",
};
