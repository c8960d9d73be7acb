import type { SubscriptionCancelMessages } from "./types";

export const ro: SubscriptionCancelMessages = {
  title: "Anulează-ți abonamentul",
  explain: "Dacă anulezi, nu se mai debitează nimic. Abonamentul rămâne activ până la {date}.",
  explainNoDate: "Dacă anulezi, nu se mai debitează nimic.",
  confirm: "Anulează abonamentul",
  canceledTitle: "Abonamentul tău este anulat",
  canceledBody: "Nu se va mai debita nimic.",
  canceledUntil: "Rămâne activ până la {date}.",
  endedTitle: "Acest abonament s-a încheiat",
  endedBody: "Nu este nimic de anulat.",
  notFoundTitle: "Acest link nu este valid",
  notFoundBody: "Verifică linkul din e-mail sau contactează magazinul.",
  unavailable: "Pagina nu a putut fi încărcată. Încearcă din nou mai târziu.",
  planLabel: "Abonament",
  shopLabel: "Magazin",
};
