import type { ShopperEmailMessages } from "./types";

export const fi: ShopperEmailMessages = {
  subjects: {
    receipt: "Kuittisi kaupasta {shop}",
    refund: "Palautus kaupasta {shop}",
    payout: "Maksu kaupasta {shop} kortillesi",
    subscription_started: "Tilauksesi kaupassa {shop} on alkanut",
    renewal_receipt: "Tilauksesi kaupassa {shop} on uusittu",
    renewal_failed: "Toimia tarvitaan: maksusi kauppaan {shop} epäonnistui",
    subscription_canceled: "Tilauksesi kaupassa {shop} on peruttu",
  },
  intros: {
    receipt: "{shop} on vastaanottanut maksusi. Kiitos!",
    refund: "{shop} on palauttanut rahaa kortillesi. Sen näkyminen tiliotteella voi kestää muutaman päivän.",
    payout: "{shop} on maksanut rahaa kortillesi. Sen näkyminen tiliotteella voi kestää muutaman päivän.",
    subscription_started: "Tilauksesi kaupassa {shop} on alkanut. Maksat seuraavasti.",
    renewal_receipt: "Tilauksesi kaupassa {shop} on uusittu ja maksettu.",
    renewal_failed:
      "Emme voineet veloittaa korttiasi tilauksestasi kaupassa {shop}. Päivitä korttisi, jotta tilaus jatkuu.",
    subscription_canceled: "Tilauksesi kaupassa {shop} on peruttu. Sinua ei veloiteta enää.",
  },
  amount: "Summa",
  updateCard: "Päivitä korttisi",
  canceledNeverCharged: "Tilauksesi kauppaan {shop} on peruttu. Sinulta ei veloitettu mitään.",
  testMark: "TESTI",
  viewReceipt: "Näytä kuitti",
  partialRefund: "Osittainen hyvitys {refund} summasta {amount}",
  fullRefund: "Täysi hyvitys {amount}",
  refundedPayment: "Hyvitetty maksu",
  footer: "Saat tämän sähköpostin kauppaan {shop} tehdyn maksun vuoksi. Säilytä se kirjanpitoasi varten.",
};
