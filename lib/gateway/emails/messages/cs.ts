import type { ShopperEmailMessages } from "./types";

export const cs: ShopperEmailMessages = {
  subjects: {
    receipt: "Váš doklad od {shop}",
    refund: "Vrácení peněz od {shop}",
    payout: "Výplata od {shop}",
    subscription_started: "Vaše předplatné u {shop} začalo",
    renewal_receipt: "Vaše předplatné u {shop} bylo obnoveno",
    renewal_failed: "Vyžadována akce: vaše platba pro {shop} se nezdařila",
    subscription_canceled: "Vaše předplatné u {shop} je zrušeno",
  },
  intros: {
    receipt: "{shop} přijal vaši platbu. Děkujeme!",
    refund: "{shop} vám vrátil peníze na kartu. Než se objeví na výpisu, může to trvat několik dní.",
    payout: "{shop} vám vyplatil peníze na kartu. Než se objeví na výpisu, může to trvat několik dní.",
    subscription_started: "Vaše předplatné u {shop} začalo. Toto platíte.",
    renewal_receipt: "Vaše předplatné u {shop} bylo obnoveno a zaplaceno.",
    renewal_failed:
      "Nepodařilo se strhnout platbu za předplatné u {shop} z vaší karty. Aktualizujte kartu, abyste si předplatné zachovali.",
    subscription_canceled: "Vaše předplatné u {shop} je zrušeno. Už vám nebude nic účtováno.",
  },
  amount: "Částka",
  updateCard: "Aktualizovat kartu",
  canceledNeverCharged: "Vaše předplatné u {shop} je zrušeno. Nic vám nebylo strženo.",
  testMark: "TEST",
  viewReceipt: "Zobrazit účtenku",
  partialRefund: "Částečná refundace {refund} z {amount}",
  fullRefund: "Plná refundace {amount}",
  refundedPayment: "Refundovaná platba",
  footer: "Tento e-mail dostáváte kvůli platbě pro {shop}. Uschovejte si jej pro své záznamy.",
};
