import type { ReceiptMessages } from "./types";

export const es: ReceiptMessages = {
  paymentTitle: "Comprobante de pago",
  authorizationTitle: "Comprobante de autorización",
  captureTitle: "Comprobante de cobro",
  voidTitle: "Comprobante de anulación",
  refundTitle: "Comprobante de reembolso",
  payoutTitle: "Comprobante de abono",
  merchant: "Comercio",
  contact: "Contacto",
  description: "Descripción",
  date: "Fecha",
  card: "Tarjeta",
  authorizationCode: "Código de autorización",
  reference: "Referencia (RRN)",
  statementDescriptor: "Texto en el extracto",
  order: "Pedido",
  transaction: "Transacción",
  testNotice: "Transacción de prueba: no se movió dinero",
  notFoundHeading: "Comprobante no encontrado",
  notFoundText: "Este comprobante no existe.",
};
