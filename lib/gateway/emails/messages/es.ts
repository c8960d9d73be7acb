import type { ShopperEmailMessages } from "./types";

export const es: ShopperEmailMessages = {
  subjects: {
    receipt: "Tu recibo de {shop}",
    refund: "Reembolso de {shop}",
    payout: "Abono de {shop}",
    subscription_started: "Tu suscripción a {shop} ha comenzado",
    renewal_receipt: "Tu suscripción a {shop} se ha renovado",
    renewal_failed: "Acción necesaria: tu pago a {shop} ha fallado",
    subscription_canceled: "Tu suscripción a {shop} está cancelada",
  },
  intros: {
    receipt: "{shop} ha recibido tu pago. ¡Gracias!",
    refund: "{shop} ha reembolsado dinero a tu tarjeta. Puede tardar unos días en aparecer en tu extracto.",
    payout: "{shop} ha abonado dinero en tu tarjeta. Puede tardar unos días en aparecer en tu extracto.",
    subscription_started: "Tu suscripción a {shop} ha comenzado. Esto es lo que pagas.",
    renewal_receipt: "Tu suscripción a {shop} se ha renovado y pagado.",
    renewal_failed:
      "No hemos podido cobrar en tu tarjeta tu suscripción a {shop}. Actualiza tu tarjeta para mantener la suscripción.",
    subscription_canceled: "Tu suscripción a {shop} está cancelada. No se te volverá a cobrar.",
  },
  amount: "Importe",
  updateCard: "Actualizar tu tarjeta",
  canceledNeverCharged: "Tu suscripción con {shop} está cancelada. No se te ha cobrado nada.",
  testMark: "PRUEBA",
  viewReceipt: "Ver recibo",
  partialRefund: "Reembolso parcial de {refund} de {amount}",
  fullRefund: "Reembolso total de {amount}",
  refundedPayment: "Pago reembolsado",
  footer: "Recibes este correo por un pago a {shop}. Guárdalo para tus registros.",
};
