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
  },
  intros: {
    receipt: "{shop} a bien reçu votre paiement. Merci !",
    refund:
      "{shop} a remboursé de l'argent sur votre carte. Son apparition sur votre relevé peut prendre quelques jours.",
    payout:
      "{shop} a versé de l'argent sur votre carte. Son apparition sur votre relevé peut prendre quelques jours.",
    subscription_started: "Votre abonnement à {shop} a commencé. Voici ce que vous payez.",
    renewal_receipt: "Votre abonnement à {shop} a été renouvelé et payé.",
    renewal_failed:
      "Nous n'avons pas pu débiter votre carte pour votre abonnement à {shop}. Mettez à jour votre carte pour conserver votre abonnement.",
    subscription_canceled: "Votre abonnement à {shop} est résilié. Vous ne serez plus débité.",
  },
  amount: "Montant",
  updateCard: "Mettre à jour votre carte",
  canceledNeverCharged: "Votre abonnement chez {shop} est résilié. Rien ne vous a été débité.",
  testMark: "TEST",
  viewReceipt: "Voir le reçu",
  partialRefund: "Remboursement partiel de {refund} sur {amount}",
  fullRefund: "Remboursement intégral de {amount}",
  refundedPayment: "Paiement remboursé",
  footer: "Vous recevez cet e-mail à la suite d'un paiement à {shop}. Conservez-le pour vos dossiers.",
};
