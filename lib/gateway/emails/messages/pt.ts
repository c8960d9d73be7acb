import type { ShopperEmailMessages } from "./types";

export const pt: ShopperEmailMessages = {
  subjects: {
    receipt: "O seu recibo de {shop}",
    refund: "Reembolso de {shop}",
    payout: "Pagamento de {shop} para o seu cartão",
    subscription_started: "A sua assinatura de {shop} começou",
    renewal_receipt: "A sua assinatura de {shop} foi renovada",
    renewal_failed: "Ação necessária: o seu pagamento a {shop} falhou",
    subscription_canceled: "A sua assinatura de {shop} foi cancelada",
  },
  intros: {
    receipt: "{shop} recebeu o seu pagamento. Obrigado!",
    refund:
      "{shop} reembolsou dinheiro para o seu cartão. Pode demorar alguns dias a aparecer no seu extrato.",
    payout: "{shop} pagou dinheiro para o seu cartão. Pode demorar alguns dias a aparecer no seu extrato.",
    subscription_started: "A sua assinatura de {shop} começou. Eis o que paga.",
    renewal_receipt: "A sua assinatura de {shop} foi renovada e paga.",
    renewal_failed:
      "Não conseguimos cobrar o seu cartão pela assinatura de {shop}. Atualize o seu cartão para manter a assinatura.",
    subscription_canceled: "A sua assinatura de {shop} foi cancelada. Não voltará a ser cobrado.",
  },
  amount: "Valor",
  updateCard: "Atualizar o cartão",
  canceledNeverCharged: "A sua subscrição em {shop} foi cancelada. Não lhe foi cobrado nada.",
  testMark: "TESTE",
  viewReceipt: "Ver recibo",
  partialRefund: "Reembolso parcial de {refund} de {amount}",
  fullRefund: "Reembolso total de {amount}",
  refundedPayment: "Pagamento reembolsado",
  footer: "Recebe este e-mail devido a um pagamento a {shop}. Guarde-o para os seus registos.",
};
