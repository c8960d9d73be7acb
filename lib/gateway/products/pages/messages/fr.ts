import type { LinkMessages } from "./types";

export const fr: LinkMessages = {
  soldOutHeading: "Épuisé",
  soldOutText: "Tout ce qui était proposé via ce lien de paiement a été vendu. Aucun montant n’a été débité.",
  inactiveHeading: "Lien de paiement désactivé",
  inactiveText: "Le commerçant a désactivé ce lien de paiement. Aucun montant n’a été débité.",
  expiredHeading: "Lien de paiement expiré",
  expiredText: "Ce lien de paiement n’est plus valable. Aucun montant n’a été débité.",
  notFoundHeading: "Lien de paiement introuvable",
  notFoundText: "Ce lien de paiement n’existe pas. Vérifiez l’adresse qui vous a été donnée.",
  busyHeading: "Trop de requêtes",
  busyText:
    "Ce lien de paiement a été ouvert trop souvent depuis votre réseau. Réessayez dans quelques minutes. Rien n’a été débité.",
  merchant: "Commerçant",
  product: "Produit",
  languageLabel: "Langue",
  changeLanguage: "Changer de langue",
  securedBy: "Sécurisé par Tessera",
};
