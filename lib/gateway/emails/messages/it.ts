import type { ShopperEmailMessages } from "./types";

export const it: ShopperEmailMessages = {
  subjects: {
    receipt: "La tua ricevuta da {shop}",
    refund: "Rimborso da {shop}",
    payout: "Accredito da {shop}",
    subscription_started: "Il tuo abbonamento a {shop} è iniziato",
    renewal_receipt: "Il tuo abbonamento a {shop} è stato rinnovato",
    renewal_failed: "Azione richiesta: il tuo pagamento a {shop} non è riuscito",
    subscription_canceled: "Il tuo abbonamento a {shop} è stato annullato",
  },
  intros: {
    receipt: "{shop} ha ricevuto il tuo pagamento. Grazie!",
    refund:
      "{shop} ha rimborsato denaro sulla tua carta. Possono servire alcuni giorni perché compaia nell'estratto conto.",
    payout:
      "{shop} ha accreditato denaro sulla tua carta. Possono servire alcuni giorni perché compaia nell'estratto conto.",
    subscription_started: "Il tuo abbonamento a {shop} è iniziato. Ecco quanto paghi.",
    renewal_receipt: "Il tuo abbonamento a {shop} è stato rinnovato e pagato.",
    renewal_failed:
      "Non siamo riusciti ad addebitare la tua carta per l'abbonamento a {shop}. Aggiorna la carta per mantenere l'abbonamento.",
    subscription_canceled: "Il tuo abbonamento a {shop} è stato annullato. Non ti verrà addebitato altro.",
  },
  amount: "Importo",
  updateCard: "Aggiorna la carta",
  canceledNeverCharged: "Il tuo abbonamento con {shop} è annullato. Non ti è stato addebitato nulla.",
  testMark: "TEST",
  viewReceipt: "Visualizza ricevuta",
  partialRefund: "Rimborso parziale di {refund} su {amount}",
  fullRefund: "Rimborso totale di {amount}",
  refundedPayment: "Pagamento rimborsato",
  footer: "Ricevi questa e-mail per un pagamento a {shop}. Conservala per i tuoi archivi.",
};
