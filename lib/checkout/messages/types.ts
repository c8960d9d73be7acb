import type { Language } from "@/lib/contracts/languages";

/**
 * A message that depends on a number: one text per plural category of the language (`Intl.PluralRules`), each
 * with the same placeholders; `other` is always there. English has `one` and `other`, Arabic all six.
 */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Every shopper-facing string of the hosted page. `{name}` marks a placeholder filled by `interpolate`. */
export interface FieldMessages {
  label: string;
  hint?: string;
  required: string;
  invalid: string;
}

export type PaymentFieldName =
  | "number"
  | "expiry"
  | "verification_value"
  | "holder"
  | "email"
  | "first_name"
  | "last_name"
  | "address"
  | "city"
  | "country"
  | "state"
  | "zip"
  | "phone"
  | "birth_date";

export interface CheckoutMessages {
  /** The language the strings are written in (a missing catalogue falls back to English). */
  language: Language;
  direction: "ltr" | "rtl";
  page: {
    title: string;
    /** The browser tab's title. */
    documentTitle: string;
    secureNotice: string;
    orderSummary: string;
    /** The word after the amount on a phone's one-line order summary, which opens the whole order ("Details"). */
    orderDetails: string;
    amountLabel: string;
    orderReference: string;
    paymentDetails: string;
    contactDetails: string;
    /** A card update's heading: "Update the card for {subscription}" (the plan's name). */
    cardUpdateTitle: string;
    /** "Replaces {card}": the card a card update replaces ("Visa ending in 4242"). */
    cardReplaced: string;
    /** "Due today: {amount}": what a subscription's page charges now (0 for a free trial). */
    dueToday: string;
    /** "First charge: {amount} on {date}": the plan's first charge after a trial. */
    firstCharge: string;
  };
  testMode: {
    banner: string;
    cardsHint: string;
    fillButton: string;
    outcomes: { success: string; decline: string; challenge: string; frictionless: string };
  };
  /** The language switcher: its label and the button that applies the choice. */
  switcher: { label: string; apply: string };
  fields: Record<Exclude<PaymentFieldName, "state" | "expiry">, FieldMessages> & {
    state: FieldMessages & { labelCanada: string };
    /** `placeholder`: the date's pattern as printed on cards in this language ("MM/YY", "MM/JJ"). */
    expiry: FieldMessages & { placeholder: string };
  };
  errors: {
    /** The e-mail a subscription's page asks for: the customer hears about renewals and card updates there. */
    subscriptionEmail: string;
    tooLong: PluralMessage;
    cardExpired: string;
    dateInFuture: string;
    stateNotAllowed: string;
    summaryTitle: string;
    readOnly: string;
    optional: string;
    declined: string;
    attemptsLeft: PluralMessage;
    duplicate: string;
    busy: string;
    tooManyAttempts: PluralMessage;
    unavailable: string;
  };
  card: { brandDetected: string; brandUnknown: string };
  /** A oneclick session's stored card. */
  savedCard: {
    legend: string;
    card: string;
    another: string;
    /**
     * "Save this card for future payments at {shop}": the shopper's consent to keep a card typed in, on a payment
     * or authorization session whose merchant offers the choice (`save_card_toggle`).
     */
    save: string;
  };
  actions: {
    /** "Pay {amount}": the button of a payment (or tokenization) session. */
    payButton: string;
    /** "Authorize {amount}": the button of an authorization session (the amount is held, not yet charged). */
    authorizeButton: string;
    paying: string;
    cancel: string;
    canceling: string;
    returnToShop: string;
    stayHere: string;
    continueVerification: string;
    /** Asked before a cancel ends the session: "Cancel and return to {shop}? Nothing is charged." */
    cancelQuestion: string;
    /** The cancel confirmation's button (the way back is `stayHere`). */
    cancelConfirm: string;
    /** A free trial's button: nothing is charged now. */
    startTrial: string;
    /** A card check's button (a tokenization, a card update): nothing is charged. */
    saveCard: string;
    /** A card check's button while it is under way. */
    checkingCard: string;
  };
  /** A paid session's receipt on the result page. `{email}`: the address it went to, masked. */
  receipt: {
    date: string;
    /** The label of the name on the shopper's card statement (the billing descriptor). */
    statementDescriptor: string;
    /** The label of the shop's e-mail, phone and site. */
    contact: string;
    /** The link to the hosted receipt page. */
    view: string;
    /** The receipt e-mail has gone out. */
    sent: string;
    /** The receipt e-mail is queued and not yet out. */
    sending: string;
  };
  status: {
    /** A card check's success (a tokenization session): nothing was charged. */
    cardSavedTitle: string;
    cardSavedBody: string;
    /** A free trial's success: nothing charged today, the first charge's amount and date. */
    trialStartedTitle: string;
    trialStartedBody: string;
    /** A card update's success: the subscription's next charges go to this card. */
    cardUpdatedTitle: string;
    cardUpdatedBody: string;
    notFoundTitle: string;
    notFoundBody: string;
    expiredTitle: string;
    expiredBody: string;
    successfulTitle: string;
    successfulBody: string;
    /** A payment session's success: the amount was charged. */
    paidTitle: string;
    paidBody: string;
    /** An authorization session's success: the amount is held on the card until the shop captures it. */
    authorizedTitle: string;
    authorizedBody: string;
    declinedTitle: string;
    declinedBody: string;
    canceledTitle: string;
    canceledBody: string;
    incompleteTitle: string;
    incompleteBody: string;
    cardUsed: string;
    redirectCountdown: PluralMessage;
    redirectStopped: string;
    closeWindow: string;
    unavailableTitle: string;
    unavailableBody: string;
  };
  /** Said before the button when the session keeps the card for the shop's future charges without a save choice. */
  storedCredential: { notice: string };
  /** The line under the form ("Secured by Tessera") and the accepted brands' marks' label. */
  trust: { securedBy: string; acceptedCards: string };
  /** The folded test-mode band's summary (it opens to the test cards). */
  testBand: { summary: string };
  /** Where the security code is, by brand (American Express: on the front). */
  securityCode: { front: string; back: string };
  /** A subscription's terms, said before the button. */
  subscriptionTerms: TermsMessages;
}

export type TermsUnit = "hour" | "day" | "week" | "month" | "year";

/**
 * A subscription's terms on the hosted page. `{period}` is a length of time as Intl writes it ("3 months",
 * "14 days"), `{price}` and `{trialPrice}` amounts as Intl writes them, `{every}` one of `every` or `everyN`
 * (chosen by Intl.PluralRules on the interval).
 */
export interface TermsMessages {
  /** Once per unit: "every month". */
  every: Record<TermsUnit, string>;
  /**
   * Every several units: "every {period}" ("every 3 months"). Where the word for "every" puts the unit in a case of
   * its own (Latvian "ik pēc 3 mēnešiem", Lithuanian "kas 3 mėnesius") Intl's `{period}`, always the nominative,
   * does not fit: such a language writes the unit itself, one plural message per unit with `{count}` the number.
   */
  everyN: PluralMessage | Record<TermsUnit, PluralMessage>;
  /** No trial. */
  plain: string;
  /** A free trial. */
  trialFree: string;
  /** A trial at its own price. */
  trialPaid: string;
}
