import type { ReceiptMessages } from "./types";

export const pt: ReceiptMessages = {
  paymentTitle: "Comprovante de pagamento",
  authorizationTitle: "Comprovante de autorização",
  captureTitle: "Comprovante de captura",
  voidTitle: "Comprovante de cancelamento",
  refundTitle: "Comprovante de reembolso",
  payoutTitle: "Comprovante de crédito",
  merchant: "Loja",
  contact: "Contacto",
  description: "Descrição",
  date: "Data",
  card: "Cartão",
  authorizationCode: "Código de autorização",
  reference: "Referência (RRN)",
  statementDescriptor: "Texto na fatura",
  order: "Pedido",
  transaction: "Transação",
  testNotice: "Transação de teste: nenhum dinheiro foi movimentado",
  notFoundHeading: "Comprovante não encontrado",
  notFoundText: "Este comprovante não existe.",
};
