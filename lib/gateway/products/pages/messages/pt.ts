import type { LinkMessages } from "./types";

export const pt: LinkMessages = {
  soldOutHeading: "Esgotado",
  soldOutText: "Tudo o que era oferecido por este link de pagamento foi vendido. Nada foi cobrado.",
  inactiveHeading: "Link de pagamento desativado",
  inactiveText: "O comerciante desativou este link de pagamento. Nada foi cobrado.",
  expiredHeading: "Link de pagamento expirado",
  expiredText: "Este link de pagamento já não é válido. Nada foi cobrado.",
  notFoundHeading: "Link de pagamento não encontrado",
  notFoundText: "Este link de pagamento não existe. Verifique o endereço que recebeu.",
  busyHeading: "Demasiados pedidos",
  busyText:
    "Este link de pagamento foi aberto vezes demais a partir da sua rede. Tente novamente dentro de alguns minutos. Nada foi cobrado.",
  merchant: "Comerciante",
  product: "Produto",
  languageLabel: "Idioma",
  changeLanguage: "Mudar idioma",
  securedBy: "Protegido por Tessera",
};
