import type { SubscriptionCancelMessages } from "./types";

export const fr: SubscriptionCancelMessages = {
  title: "Résilier votre abonnement",
  explain: "Si vous résiliez, plus rien n’est prélevé. Votre abonnement reste actif jusqu’au {date}.",
  explainNoDate: "Si vous résiliez, plus rien n’est prélevé.",
  confirm: "Résilier l’abonnement",
  canceledTitle: "Votre abonnement est résilié",
  canceledBody: "Plus rien ne sera prélevé.",
  canceledUntil: "Il reste actif jusqu’au {date}.",
  endedTitle: "Cet abonnement est terminé",
  endedBody: "Il n’y a rien à résilier.",
  notFoundTitle: "Ce lien n’est pas valide",
  notFoundBody: "Vérifiez le lien de votre e-mail ou contactez la boutique.",
  unavailable: "La page n’a pas pu être chargée. Veuillez réessayer plus tard.",
  planLabel: "Abonnement",
  shopLabel: "Boutique",
};
