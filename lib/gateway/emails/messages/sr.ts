import type { ShopperEmailMessages } from "./types";

export const sr: ShopperEmailMessages = {
  subjects: {
    receipt: "Vaša potvrda od {shop}",
    refund: "Povraćaj novca od {shop}",
    payout: "Isplata od {shop}",
    subscription_started: "Vaša pretplata u {shop} je počela",
    renewal_receipt: "Vaša pretplata u {shop} je obnovljena",
    renewal_failed: "Potrebna radnja: vaše plaćanje za {shop} nije uspelo",
    subscription_canceled: "Vaša pretplata u {shop} je otkazana",
  },
  intros: {
    receipt: "{shop} je primio vašu uplatu. Hvala!",
    refund: "{shop} vam je vratio novac na karticu. Može proći nekoliko dana dok se ne pojavi na izvodu.",
    payout: "{shop} vam je isplatio novac na karticu. Može proći nekoliko dana dok se ne pojavi na izvodu.",
    subscription_started: "Vaša pretplata u {shop} je počela. Ovo plaćate.",
    renewal_receipt: "Vaša pretplata u {shop} je obnovljena i plaćena.",
    renewal_failed:
      "Nismo mogli da teretimo vašu karticu za pretplatu u {shop}. Ažurirajte karticu da biste zadržali pretplatu.",
    subscription_canceled: "Vaša pretplata u {shop} je otkazana. Više vam se neće naplaćivati.",
  },
  amount: "Iznos",
  updateCard: "Ažurirajte karticu",
  canceledNeverCharged: "Ваша претплата код {shop} је отказана. Ништа вам није наплаћено.",
  testMark: "TEST",
  viewReceipt: "Погледајте потврду",
  partialRefund: "Делимични повраћај {refund} од {amount}",
  fullRefund: "Потпуни повраћај {amount}",
  refundedPayment: "Враћено плаћање",
  footer: "Ovu poruku dobijate zbog plaćanja za {shop}. Sačuvajte je za svoju evidenciju.",
};
