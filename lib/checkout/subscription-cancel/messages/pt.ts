import type { SubscriptionCancelMessages } from "./types";

export const pt: SubscriptionCancelMessages = {
  title: "Cancelar a sua assinatura",
  explain: "Se cancelar, nada mais é cobrado. A sua assinatura fica ativa até {date}.",
  explainNoDate: "Se cancelar, nada mais é cobrado.",
  confirm: "Cancelar assinatura",
  canceledTitle: "A sua assinatura está cancelada",
  canceledBody: "Nada mais será cobrado.",
  canceledUntil: "Fica ativa até {date}.",
  endedTitle: "Esta assinatura terminou",
  endedBody: "Não há nada para cancelar.",
  notFoundTitle: "Este link não é válido",
  notFoundBody: "Verifique o link no seu e-mail ou contacte a loja.",
  unavailable: "Não foi possível carregar a página. Tente novamente mais tarde.",
  planLabel: "Assinatura",
  shopLabel: "Loja",
};
