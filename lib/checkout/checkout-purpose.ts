import { brandDisplayName } from "@/lib/cards/brand";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { Language } from "@/lib/contracts/languages";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { interpolate } from "./messages/interpolate";
import type { CheckoutMessages } from "./messages/types";

/**
 * What finishing a session does with the shopper's money, which every line of its pages must say truthfully:
 * charge (`payment`), hold (`authorization`), or nothing at all — a card check: a card stored (`card_check`), a
 * subscription's free trial started with its card (`free_trial`), a subscription's card replaced (`card_update`).
 * A card check's session may carry an amount (a card update carries its plan's); it is never shown as charged.
 */
export type CheckoutPurpose = "payment" | "authorization" | "card_check" | "free_trial" | "card_update";

type PurposeView = Pick<ShopperCheckoutView, "transaction_type" | "subscription_terms" | "card_update">;

export function checkoutPurpose(view: PurposeView): CheckoutPurpose {
  if (view.transaction_type === "payment") return "payment";
  if (view.transaction_type === "authorization") return "authorization";
  if (view.card_update) return "card_update";
  // A subscription's page is a tokenization only when nothing is due today: a free trial.
  if (view.subscription_terms) return "free_trial";
  return "card_check";
}

/** Whether the session charges or holds nothing: no amount may appear as paid on its pages. */
export function isCardCheck(purpose: CheckoutPurpose): boolean {
  return purpose === "card_check" || purpose === "free_trial" || purpose === "card_update";
}

/** The form's button: what pressing it does ("Pay €9.99", "Start free trial", "Save card"). */
export function submitLabel(
  purpose: CheckoutPurpose,
  messages: CheckoutMessages,
  amount: string,
): { idle: string; busy: string } {
  switch (purpose) {
    case "payment":
      return { idle: interpolate(messages.actions.payButton, { amount }), busy: messages.actions.paying };
    case "authorization":
      return {
        idle: interpolate(messages.actions.authorizeButton, { amount }),
        busy: messages.actions.paying,
      };
    case "free_trial":
      return { idle: messages.actions.startTrial, busy: messages.actions.checkingCard };
    case "card_check":
    case "card_update":
      return { idle: messages.actions.saveCard, busy: messages.actions.checkingCard };
  }
}

/** A date as the shopper's language writes it, in UTC (the gateway's dates are UTC): "12 December 2026". */
export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/**
 * A subscription page's money lines under its terms: what is due today (the session's amount for a paid trial or
 * a first payment, 0 for a free trial) and, after a trial, the plan's first charge with its date. Empty elsewhere.
 */
export function subscriptionDueLines(
  view: PurposeView & { order: Pick<ShopperCheckoutView["order"], "amount" | "currency"> },
  messages: CheckoutMessages,
  language: Language,
): string[] {
  const terms = view.subscription_terms;
  if (!terms?.trial) return [];
  const dueNow = view.transaction_type === "tokenization" ? 0 : view.order.amount;
  const lines = [
    interpolate(messages.page.dueToday, { amount: formatAmount(dueNow, terms.currency, language) }),
  ];
  if (terms.first_charge_at) {
    lines.push(
      interpolate(messages.page.firstCharge, {
        amount: formatAmount(terms.amount, terms.currency, language),
        date: formatDate(terms.first_charge_at, language),
      }),
    );
  }
  return lines;
}

/** "Visa ending in 4242": the card a card update replaces, or null when the subscription had none to show. */
export function replacedCardText(
  view: Pick<ShopperCheckoutView, "card_update">,
  messages: CheckoutMessages,
): string | null {
  const card = view.card_update?.replaces;
  if (!card) return null;
  return interpolate(messages.page.cardReplaced, {
    card: interpolate(messages.savedCard.card, { brand: brandDisplayName(card.brand), last4: card.last_4 }),
  });
}
