import type { LinkMessages } from "./types";

export const es: LinkMessages = {
  soldOutHeading: "Agotado",
  soldOutText: "Todo lo que se ofrecía con este enlace de pago se ha vendido. No se ha cobrado nada.",
  inactiveHeading: "Enlace de pago desactivado",
  inactiveText: "El comercio ha desactivado este enlace de pago. No se ha cobrado nada.",
  expiredHeading: "Enlace de pago caducado",
  expiredText: "Este enlace de pago ya no es válido. No se ha cobrado nada.",
  notFoundHeading: "Enlace de pago no encontrado",
  notFoundText: "Este enlace de pago no existe. Compruebe la dirección que le dieron.",
  busyHeading: "Demasiadas solicitudes",
  busyText:
    "Este enlace de pago se ha abierto demasiadas veces desde tu red. Inténtalo de nuevo en unos minutos. No se ha cobrado nada.",
  merchant: "Comercio",
  product: "Producto",
  languageLabel: "Idioma",
  changeLanguage: "Cambiar idioma",
  securedBy: "Protegido por Tessera",
};
