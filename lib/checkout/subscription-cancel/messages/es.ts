import type { SubscriptionCancelMessages } from "./types";

export const es: SubscriptionCancelMessages = {
  title: "Cancelar tu suscripción",
  explain: "Si cancelas, no se cobrará nada más. Tu suscripción sigue activa hasta el {date}.",
  explainNoDate: "Si cancelas, no se cobrará nada más.",
  confirm: "Cancelar suscripción",
  canceledTitle: "Tu suscripción está cancelada",
  canceledBody: "No se cobrará nada más.",
  canceledUntil: "Sigue activa hasta el {date}.",
  endedTitle: "Esta suscripción ha terminado",
  endedBody: "No hay nada que cancelar.",
  notFoundTitle: "Este enlace no es válido",
  notFoundBody: "Revisa el enlace de tu correo o contacta con la tienda.",
  unavailable: "No se pudo cargar la página. Inténtalo de nuevo más tarde.",
  planLabel: "Suscripción",
  shopLabel: "Tienda",
};
