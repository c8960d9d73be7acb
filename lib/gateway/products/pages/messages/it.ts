import type { LinkMessages } from "./types";

export const it: LinkMessages = {
  soldOutHeading: "Esaurito",
  soldOutText:
    "Tutto ciò che era offerto con questo link di pagamento è stato venduto. Non è stato addebitato nulla.",
  inactiveHeading: "Link di pagamento disattivato",
  inactiveText: "L’esercente ha disattivato questo link di pagamento. Non è stato addebitato nulla.",
  expiredHeading: "Link di pagamento scaduto",
  expiredText: "Questo link di pagamento non è più valido. Non è stato addebitato nulla.",
  notFoundHeading: "Link di pagamento non trovato",
  notFoundText: "Questo link di pagamento non esiste. Controlla l’indirizzo che ti è stato dato.",
  busyHeading: "Troppe richieste",
  busyText:
    "Questo link di pagamento è stato aperto troppe volte dalla tua rete. Riprova tra qualche minuto. Non è stato addebitato nulla.",
  merchant: "Esercente",
  product: "Prodotto",
  languageLabel: "Lingua",
  changeLanguage: "Cambia lingua",
  securedBy: "Protetto da Tessera",
};
