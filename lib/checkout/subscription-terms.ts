import { formatAmount } from "@/lib/contracts/format-amount";
import type { Language } from "@/lib/contracts/languages";
import { getCheckoutMessages } from "./messages";
import { interpolate, plural } from "./messages/interpolate";
import type { PluralMessage, TermsMessages, TermsUnit } from "./messages/types";

/** A subscription plan's terms as the hosted page gets them (the shopper view's `subscription_terms`). */
export interface SubscriptionTerms {
  amount: number;
  currency: string;
  interval: number;
  interval_unit: TermsUnit;
  trial: { amount: number; interval: number; interval_unit: TermsUnit } | null;
}

/** A length of time in words, as Intl writes it in the language ("14 days", "3 Monate"), with its plural rules. */
function period(language: Language, count: number, unit: TermsUnit): string {
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(count);
}

/** "every {period}" for the unit: one message for all units, or (a language declining the unit) the unit's own. */
function everyN(message: TermsMessages["everyN"], unit: TermsUnit): PluralMessage {
  return "other" in message ? message : message[unit];
}

/**
 * The plan's terms in words for the line before the button: "14 days free, then €9.99 every month; cancel any
 * time." Amounts through Intl.NumberFormat in the plan's currency, how often through Intl.PluralRules on the
 * interval (and Intl's own units for the length of time).
 */
export function subscriptionTermsText(language: Language, terms: SubscriptionTerms): string {
  const messages = getCheckoutMessages(language).subscriptionTerms;
  const every =
    terms.interval === 1
      ? messages.every[terms.interval_unit]
      : interpolate(plural(language, everyN(messages.everyN, terms.interval_unit), terms.interval), {
          period: period(language, terms.interval, terms.interval_unit),
          count: new Intl.NumberFormat(language).format(terms.interval),
        });
  const values = { price: formatAmount(terms.amount, terms.currency, language), every };
  if (!terms.trial) return interpolate(messages.plain, values);
  const trialPeriod = period(language, terms.trial.interval, terms.trial.interval_unit);
  if (terms.trial.amount === 0) return interpolate(messages.trialFree, { ...values, period: trialPeriod });
  return interpolate(messages.trialPaid, {
    ...values,
    period: trialPeriod,
    trialPrice: formatAmount(terms.trial.amount, terms.currency, language),
  });
}
