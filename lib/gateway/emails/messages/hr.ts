import type { ShopperEmailMessages } from "./types";

export const hr: ShopperEmailMessages = {
  subjects: {
    receipt: "Vaša potvrda od {shop}",
    refund: "Povrat novca od {shop}",
    payout: "Isplata od {shop}",
    subscription_started: "Vaša pretplata u {shop} je započela",
    renewal_receipt: "Vaša pretplata u {shop} je obnovljena",
    renewal_failed: "Potrebna radnja: vaše plaćanje za {shop} nije uspjelo",
    subscription_canceled: "Vaša pretplata u {shop} je otkazana",
  },
  intros: {
    receipt: "{shop} je primio vašu uplatu. Hvala!",
    refund: "{shop} vam je vratio novac na karticu. Može proći nekoliko dana dok se ne pojavi na izvodu.",
    payout: "{shop} vam je isplatio novac na karticu. Može proći nekoliko dana dok se ne pojavi na izvodu.",
    subscription_started: "Vaša pretplata u {shop} je započela. Ovo plaćate.",
    renewal_receipt: "Vaša pretplata u {shop} je obnovljena i plaćena.",
    renewal_failed:
      "Nismo mogli teretiti vašu karticu za pretplatu u {shop}. Ažurirajte karticu kako biste zadržali pretplatu.",
    subscription_canceled: "Vaša pretplata u {shop} je otkazana. Više vam se neće naplaćivati.",
  },
  amount: "Iznos",
  updateCard: "Ažurirajte karticu",
  canceledNeverCharged: "Vaša pretplata kod {shop} je otkazana. Ništa vam nije naplaćeno.",
  testMark: "TEST",
  viewReceipt: "Prikaži račun",
  partialRefund: "Djelomični povrat {refund} od {amount}",
  fullRefund: "Potpuni povrat {amount}",
  refundedPayment: "Vraćeno plaćanje",
  footer: "Ovu poruku primate zbog plaćanja za {shop}. Sačuvajte je za svoju evidenciju.",
};
