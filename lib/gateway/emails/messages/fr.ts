import type { ShopperEmailMessages } from "./types";

export const fr: ShopperEmailMessages = {
  subjects: {
    receipt: "Votre reçu de {shop}",
    refund: "Remboursement de {shop}",
    payout: "Versement de {shop}",
    subscription_started: "Votre abonnement à {shop} a commencé",
    renewal_receipt: "Votre abonnement à {shop} a été renouvelé",
    renewal_failed: "Action requise : votre paiement à {shop} a échoué",
    subscription_canceled: "Votre abonnement à {shop} est résilié",
    trial_will_end: "Votre essai gratuit chez {shop} se termine bientôt",
    plan_changed: "Votre formule chez {shop} a changé",
    subscription_paused: "Votre abonnement chez {shop} est en pause",
    subscription_resumed: "Votre abonnement chez {shop} a repris",
  },
  intros: {
    receipt: "{shop} a bien reçu votre paiement. Merci !",
    refund:
      "{shop} a remboursé de l'argent sur votre carte. Son apparition sur votre relevé peut prendre quelques jours.",
    payout:
      "{shop} a versé de l'argent sur votre carte. Son apparition sur votre relevé peut prendre quelques jours.",
    subscription_started: "Votre abonnement chez {shop} a commencé.",
    renewal_receipt: "Votre abonnement à {shop} a été renouvelé et payé.",
    renewal_failed:
      "Nous n'avons pas pu débiter votre carte pour votre abonnement à {shop}. Mettez à jour votre carte pour conserver votre abonnement.",
    subscription_canceled: "Votre abonnement à {shop} est résilié. Vous ne serez plus débité.",
    trial_will_end:
      "Votre essai gratuit chez {shop} se termine bientôt. Sauf résiliation, votre carte sera débitée comme indiqué ci-dessous.",
    plan_changed:
      "Votre abonnement chez {shop} passe à une nouvelle formule. Voici son prix et sa date de début.",
    subscription_paused: "Votre abonnement chez {shop} est en pause. Rien n’est prélevé pendant la pause.",
    subscription_resumed: "Votre abonnement chez {shop} a repris. Voici votre prochain prélèvement.",
  },
  amount: "Montant",
  updateCard: "Mettre à jour votre carte",
  canceledNeverCharged: "Votre abonnement chez {shop} est résilié. Rien ne vous a été débité.",
  trialStarted: "Votre essai gratuit chez {shop} a commencé. Rien n’est prélevé aujourd’hui.",
  subscriptionFooter: "Vous recevez cet e-mail car vous avez un abonnement chez {shop}.",
  trialEnds: "Fin de l’essai gratuit",
  firstCharge: "Premier prélèvement",
  nextCharge: "Prochain prélèvement",
  activeUntil: "Actif jusqu’au",
  resumesOn: "Reprise le",
  attempt: "Tentative {n} sur {total}",
  nextAttempt: "Prochaine tentative",
  lastAttempt: "C’était la dernière tentative.",
  reason: "Motif",
  reasons: {
    insufficient_funds: "Provision insuffisante",
    card_expired: "Carte expirée",
    declined: "Refusé par l’émetteur de la carte",
    processor_error: "Erreur du prestataire de paiement",
  },
  cancelSubscription: "Résilier l’abonnement",
  testMark: "TEST",
  viewReceipt: "Voir le reçu",
  partialRefund: "Remboursement partiel de {refund} sur {amount}",
  fullRefund: "Remboursement intégral de {amount}",
  refundedPayment: "Paiement remboursé",
  footer: "Vous recevez cet e-mail à la suite d'un paiement à {shop}. Conservez-le pour vos dossiers.",
};
