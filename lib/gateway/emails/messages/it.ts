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
    trial_will_end: "La tua prova gratuita con {shop} sta per finire",
    plan_changed: "Il tuo piano con {shop} è cambiato",
    subscription_paused: "Il tuo abbonamento con {shop} è in pausa",
    subscription_resumed: "Il tuo abbonamento con {shop} è ripreso",
  },
  intros: {
    receipt: "{shop} ha ricevuto il tuo pagamento. Grazie!",
    refund:
      "{shop} ha rimborsato denaro sulla tua carta. Possono servire alcuni giorni perché compaia nell'estratto conto.",
    payout:
      "{shop} ha accreditato denaro sulla tua carta. Possono servire alcuni giorni perché compaia nell'estratto conto.",
    subscription_started: "Il tuo abbonamento con {shop} è iniziato.",
    renewal_receipt: "Il tuo abbonamento a {shop} è stato rinnovato e pagato.",
    renewal_failed:
      "Non siamo riusciti ad addebitare la tua carta per l'abbonamento a {shop}. Aggiorna la carta per mantenere l'abbonamento.",
    subscription_canceled: "Il tuo abbonamento a {shop} è stato annullato. Non ti verrà addebitato altro.",
    trial_will_end:
      "La tua prova gratuita con {shop} sta per finire. Se non annulli, sulla tua carta verrà addebitato quanto indicato sotto.",
    plan_changed: "Il tuo abbonamento con {shop} passa a un nuovo piano. Ecco il prezzo e da quando vale.",
    subscription_paused:
      "Il tuo abbonamento con {shop} è in pausa. Durante la pausa non viene addebitato nulla.",
    subscription_resumed: "Il tuo abbonamento con {shop} è ripreso. Ecco il tuo prossimo addebito.",
  },
  amount: "Importo",
  updateCard: "Aggiorna la carta",
  canceledNeverCharged: "Il tuo abbonamento con {shop} è annullato. Non ti è stato addebitato nulla.",
  trialStarted: "La tua prova gratuita con {shop} è iniziata. Oggi non viene addebitato nulla.",
  subscriptionFooter: "Ricevi questa e-mail perché hai un abbonamento con {shop}.",
  trialEnds: "Fine della prova gratuita",
  firstCharge: "Primo addebito",
  nextCharge: "Prossimo addebito",
  activeUntil: "Attivo fino al",
  resumesOn: "Riprende il",
  attempt: "Tentativo {n} di {total}",
  nextAttempt: "Prossimo tentativo",
  lastAttempt: "Questo era l’ultimo tentativo.",
  reason: "Motivo",
  reasons: {
    insufficient_funds: "Fondi insufficienti",
    card_expired: "Carta scaduta",
    declined: "Rifiutato dall’emittente della carta",
    processor_error: "Errore del processore di pagamento",
  },
  cancelSubscription: "Annulla abbonamento",
  testMark: "TEST",
  viewReceipt: "Visualizza ricevuta",
  partialRefund: "Rimborso parziale di {refund} su {amount}",
  fullRefund: "Rimborso totale di {amount}",
  refundedPayment: "Pagamento rimborsato",
  footer: "Ricevi questa e-mail per un pagamento a {shop}. Conservala per i tuoi archivi.",
};
