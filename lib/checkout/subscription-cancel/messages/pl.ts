import type { SubscriptionCancelMessages } from "./types";

export const pl: SubscriptionCancelMessages = {
  title: "Anuluj subskrypcję",
  explain: "Jeśli anulujesz, nic więcej nie zostanie pobrane. Subskrypcja pozostaje aktywna do {date}.",
  explainNoDate: "Jeśli anulujesz, nic więcej nie zostanie pobrane.",
  confirm: "Anuluj subskrypcję",
  canceledTitle: "Twoja subskrypcja została anulowana",
  canceledBody: "Nic więcej nie zostanie pobrane.",
  canceledUntil: "Pozostaje aktywna do {date}.",
  endedTitle: "Ta subskrypcja się zakończyła",
  endedBody: "Nie ma czego anulować.",
  notFoundTitle: "Ten link jest nieprawidłowy",
  notFoundBody: "Sprawdź link w wiadomości e-mail lub skontaktuj się ze sklepem.",
  unavailable: "Nie udało się wczytać strony. Spróbuj ponownie później.",
  planLabel: "Subskrypcja",
  shopLabel: "Sklep",
};
