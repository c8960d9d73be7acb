import type { ShopperEmailMessages } from "./types";

export const et: ShopperEmailMessages = {
  subjects: {
    receipt: "Teie kviitung poest {shop}",
    refund: "Tagasimakse poest {shop}",
    payout: "Väljamakse poest {shop}",
    subscription_started: "Teie tellimus poes {shop} algas",
    renewal_receipt: "Teie tellimus poes {shop} pikendati",
    renewal_failed: "Vajalik tegevus: teie makse poele {shop} ebaõnnestus",
    subscription_canceled: "Teie tellimus poes {shop} on tühistatud",
  },
  intros: {
    receipt: "{shop} sai teie makse kätte. Aitäh!",
    refund: "{shop} kandis raha teie kaardile tagasi. Kontoväljavõttel kuvamine võib võtta mõne päeva.",
    payout: "{shop} maksis raha teie kaardile välja. Kontoväljavõttel kuvamine võib võtta mõne päeva.",
    subscription_started: "Teie tellimus poes {shop} algas. Seda te maksate.",
    renewal_receipt: "Teie tellimus poes {shop} pikendati ja tasuti.",
    renewal_failed:
      "Me ei saanud teie kaardilt tellimuse eest poes {shop} makset võtta. Uuendage kaarti, et tellimus säiliks.",
    subscription_canceled: "Teie tellimus poes {shop} on tühistatud. Teilt ei võeta enam tasu.",
  },
  amount: "Summa",
  updateCard: "Uuenda kaarti",
  canceledNeverCharged: "Teie tellimus ettevõttes {shop} on tühistatud. Teilt ei võetud midagi.",
  testMark: "TEST",
  viewReceipt: "Vaata kviitungit",
  partialRefund: "Osaline tagasimakse {refund} summast {amount}",
  fullRefund: "Täielik tagasimakse {amount}",
  refundedPayment: "Tagastatud makse",
  footer: "Saite selle e-kirja makse tõttu poele {shop}. Palun hoidke see oma arhiivi jaoks alles.",
};
