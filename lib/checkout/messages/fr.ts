import type { CheckoutMessages } from "./types";

export const fr: CheckoutMessages = {
  language: "fr",
  direction: "ltr",
  page: {
    title: "Paiement",
    documentTitle: "Paiement à {shop}",
    secureNotice:
      "Les données de votre carte vont directement à la passerelle de paiement ; {shop} ne voit jamais votre numéro de carte.",
    orderSummary: "Récapitulatif de la commande",
    amountLabel: "Montant",
    orderReference: "Commande {reference}",
    paymentDetails: "Données de la carte",
    contactDetails: "Vos coordonnées",
  },
  testMode: {
    banner: "Mode test : aucun paiement réel n'est effectué.",
    cardsHint: "Remplir avec une carte de test :",
    fillButton: "Utiliser {number} ({outcome})",
    outcomes: {
      success: "acceptée",
      decline: "refusée",
      challenge: "3-D Secure avec authentification",
      frictionless: "3-D Secure sans authentification",
    },
  },
  switcher: { label: "Langue", apply: "Changer de langue" },
  fields: {
    number: {
      label: "Numéro de carte",
      required: "Saisissez le numéro de carte",
      invalid: "Saisissez un numéro de carte valide",
    },
    expiry: {
      label: "Date d'expiration",
      hint: "MM/AA, comme indiqué sur la carte",
      placeholder: "MM/AA",
      required: "Saisissez la date d'expiration",
      invalid: "Saisissez la date d'expiration au format MM/AA",
    },
    verification_value: {
      label: "Cryptogramme visuel",
      hint: "Le code à {digits} chiffres figurant sur votre carte",
      required: "Saisissez le cryptogramme visuel",
      invalid: "Saisissez le cryptogramme visuel à {digits} chiffres",
    },
    holder: {
      label: "Nom du titulaire",
      hint: "Tel qu'il figure sur la carte",
      required: "Saisissez le nom figurant sur la carte",
      invalid: "Saisissez le nom tel qu'il figure sur la carte",
    },
    email: {
      label: "E-mail",
      required: "Saisissez votre adresse e-mail",
      invalid: "Saisissez une adresse e-mail valide",
    },
    first_name: { label: "Prénom", required: "Saisissez votre prénom", invalid: "Vérifiez votre prénom" },
    last_name: { label: "Nom", required: "Saisissez votre nom", invalid: "Vérifiez votre nom" },
    address: {
      label: "Adresse",
      required: "Saisissez votre adresse postale",
      invalid: "Vérifiez votre adresse",
    },
    city: { label: "Ville", required: "Saisissez votre ville", invalid: "Vérifiez la ville" },
    country: {
      label: "Pays",
      required: "Choisissez votre pays",
      invalid: "Choisissez un pays dans la liste",
    },
    state: {
      label: "État",
      labelCanada: "Province",
      required: "Choisissez votre État ou votre province",
      invalid: "Choisissez un État ou une province dans la liste",
    },
    zip: {
      label: "Code postal",
      hint: "États-Unis : 5 chiffres, ou 5+4 chiffres comme 12345-6789",
      required: "Saisissez votre code postal",
      invalid: "Saisissez un code ZIP valide, par ex. 12345 ou 12345-6789",
    },
    phone: {
      label: "Téléphone",
      required: "Saisissez votre numéro de téléphone",
      invalid: "Vérifiez votre numéro de téléphone",
    },
    birth_date: {
      label: "Date de naissance",
      required: "Saisissez votre date de naissance",
      invalid: "Saisissez une date de naissance réelle",
    },
  },
  errors: {
    subscriptionEmail:
      "Saisissez votre adresse e-mail : nous vous y prévenons avant chaque renouvellement et lorsque votre carte doit être mise à jour",
    tooLong: {
      one: "{max} caractère au maximum",
      many: "{max} caractères au maximum",
      other: "{max} caractères au maximum",
    },
    cardExpired: "Cette carte a expiré. Vérifiez la date ou utilisez une autre carte",
    dateInFuture: "La date ne peut pas être dans le futur",
    stateNotAllowed: "Un État ou une province n'est demandé que pour les États-Unis et le Canada",
    summaryTitle: "Un problème est survenu",
    readOnly: "Défini par la boutique",
    optional: "facultatif",
    declined: "Votre carte a été refusée. Vérifiez les informations ou essayez une autre carte.",
    attemptsLeft: {
      one: "Il vous reste {count} tentative.",
      many: "Il vous reste {count} tentatives.",
      other: "Il vous reste {count} tentatives.",
    },
    duplicate:
      "Cette carte vient d'être utilisée pour le même montant. Attendez une demi-minute avant de réessayer, ou utilisez une autre carte.",
    busy: "Un paiement pour cette commande est déjà en cours de traitement. Patientez un instant, puis réessayez.",
    tooManyAttempts: {
      one: "Trop de tentatives de paiement. Réessayez dans {minutes} minute.",
      many: "Trop de tentatives de paiement. Réessayez dans {minutes} minutes.",
      other: "Trop de tentatives de paiement. Réessayez dans {minutes} minutes.",
    },
    unavailable:
      "Le paiement n'a pas pu être traité pour le moment. Réessayez dans un instant. Référence : {reference}.",
  },
  card: {
    brandDetected: "Type de carte : {brand}",
    brandUnknown: "Le type de carte s'affiche pendant la saisie",
  },
  savedCard: {
    legend: "Payer avec",
    card: "{brand} se terminant par {last4}",
    another: "Une autre carte",
    save: "Enregistrer cette carte pour les prochains paiements chez {shop}",
  },
  actions: {
    payButton: "Payer {amount}",
    authorizeButton: "Autoriser {amount}",
    paying: "Paiement en cours…",
    cancel: "Annuler et revenir à {shop}",
    canceling: "Annulation…",
    returnToShop: "Revenir à {shop}",
    stayHere: "Rester sur cette page",
    continueVerification: "Continuer vers la vérification de la carte",
  },
  status: {
    notFoundTitle: "Lien de paiement introuvable",
    notFoundBody:
      "Ce lien de paiement n'existe pas ou a été mal saisi. Retournez sur la boutique et recommencez le paiement.",
    expiredTitle: "Cette session de paiement a expiré",
    expiredBody: "Aucun paiement n'a été effectué. Retournez sur {shop} pour recommencer.",
    successfulTitle: "Données de paiement acceptées",
    successfulBody: "Votre carte a été acceptée. {shop} va finaliser votre commande.",
    paidTitle: "Paiement réussi",
    paidBody: "Vous avez payé {amount} à {shop}.",
    authorizedTitle: "Paiement autorisé",
    authorizedBody:
      "{amount} sont réservés sur votre carte. {shop} encaissera le montant à la finalisation de votre commande.",
    declinedTitle: "Paiement refusé",
    declinedBody: "Votre carte a été refusée et il ne reste aucune tentative pour cette commande.",
    canceledTitle: "Paiement annulé",
    canceledBody: "Vous avez annulé le paiement. Aucun montant n'a été débité.",
    incompleteTitle: "Vérification de la carte en cours",
    incompleteBody: "Votre banque vérifie ce paiement. Continuez pour le finaliser.",
    cardUsed: "Carte : {brand} se terminant par {last4}",
    redirectCountdown: {
      one: "Retour à {shop} dans {seconds} seconde.",
      many: "Retour à {shop} dans {seconds} secondes.",
      other: "Retour à {shop} dans {seconds} secondes.",
    },
    redirectStopped: "Retour automatique interrompu.",
    closeWindow: "Vous pouvez fermer cette fenêtre.",
    unavailableTitle: "Page de paiement indisponible",
    unavailableBody:
      "La page de paiement ne peut pas s'afficher pour le moment. Rechargez la page dans un instant.",
  },
  storedCredential: {
    notice: "Votre carte sera enregistrée et {shop} pourra la débiter pour de futurs paiements.",
  },
  trust: { securedBy: "Sécurisé par Tessera", acceptedCards: "Cartes acceptées" },
  testBand: { summary: "Mode test — remplir avec une carte de test" },
  securityCode: {
    front: "Le code à {digits} chiffres au recto de votre carte",
    back: "Le code à {digits} chiffres au verso de votre carte",
  },
  subscriptionTerms: {
    every: {
      hour: "toutes les heures",
      day: "tous les jours",
      week: "toutes les semaines",
      month: "tous les mois",
      year: "tous les ans",
    },
    everyN: {
      one: "tous les {period}",
      many: "tous les {period}",
      other: "tous les {period}",
    },
    plain: "{price} {every} ; résiliable à tout moment.",
    trialFree: "{period} gratuits, puis {price} {every} ; résiliable à tout moment.",
    trialPaid: "{period} pour {trialPrice}, puis {price} {every} ; résiliable à tout moment.",
  },
};
