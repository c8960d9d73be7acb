import type { ShopperEmailMessages } from "./types";

export const sk: ShopperEmailMessages = {
  subjects: {
    receipt: "Váš doklad od {shop}",
    refund: "Vrátenie peňazí od {shop}",
    payout: "Výplata od {shop}",
    subscription_started: "Vaše predplatné u {shop} sa začalo",
    renewal_receipt: "Vaše predplatné u {shop} bolo obnovené",
    renewal_failed: "Vyžaduje sa akcia: vaša platba pre {shop} zlyhala",
    subscription_canceled: "Vaše predplatné u {shop} je zrušené",
  },
  intros: {
    receipt: "{shop} prijal vašu platbu. Ďakujeme!",
    refund: "{shop} vám vrátil peniaze na kartu. Kým sa zobrazia na výpise, môže to trvať niekoľko dní.",
    payout: "{shop} vám vyplatil peniaze na kartu. Kým sa zobrazia na výpise, môže to trvať niekoľko dní.",
    subscription_started: "Vaše predplatné u {shop} sa začalo. Toto platíte.",
    renewal_receipt: "Vaše predplatné u {shop} bolo obnovené a zaplatené.",
    renewal_failed:
      "Nepodarilo sa strhnúť platbu za predplatné u {shop} z vašej karty. Aktualizujte kartu, aby ste si predplatné zachovali.",
    subscription_canceled: "Vaše predplatné u {shop} je zrušené. Už vám nebude nič účtované.",
  },
  amount: "Suma",
  updateCard: "Aktualizovať kartu",
  canceledNeverCharged: "Vaše predplatné v {shop} je zrušené. Nič vám nebolo stiahnuté.",
  testMark: "TEST",
  viewReceipt: "Zobraziť potvrdenie",
  partialRefund: "Čiastočná refundácia {refund} z {amount}",
  fullRefund: "Plná refundácia {amount}",
  refundedPayment: "Refundovaná platba",
  footer: "Tento e-mail dostávate pre platbu pre {shop}. Uschovajte si ho pre svoje záznamy.",
};
