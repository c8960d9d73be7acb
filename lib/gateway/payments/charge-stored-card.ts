import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import { isCardCurrencyCode } from "@/lib/contracts/currencies";
import { type ErrorTree, isEmptyErrorTree, mergeErrorTrees } from "@/lib/contracts/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "@/lib/contracts/languages";
import { greaterThan, INVALID, NOT_INCLUDED } from "@/lib/contracts/messages";
import type { PaymentRequest } from "@/lib/contracts/payment";
import type { BillingAddress, Contract, CustomerDetails } from "@/lib/contracts/tokenization";
import type { Transaction } from "@/lib/contracts/transaction";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { checkShopRules } from "../tokenization/shop-rules";
import { createPayment } from "./create-payment";

/** A charge the gateway makes itself of a card the shop stored: a subscription's cycle or a plan change's proration. */
export interface StoredCardCharge {
  /** The stored card's token, charged without its security code (merchant-initiated): its contract must allow it. */
  token: string;
  /** Minor units. */
  amount: number;
  /** As stored with the plan; a currency cards are not charged in is refused as the request's would be. */
  currency: string;
  description: string;
  trackingId?: string;
  test: boolean;
  /** As stored; the default language when there is none. */
  language?: string;
  /** The contract the charge is made under, echoed with the transaction (the stored card's own wins). */
  contract: Contract;
  customer?: CustomerDetails;
  billingAddress?: BillingAddress;
  /** The transaction's uid and the acquirer's idempotency key, derived from what is charged (a cycle, a change). */
  uid: string;
  /** The subscription the charge is for, named by the transaction (`subscription_id`). */
  subscriptionId: string;
  /**
   * The 30-second duplicate check (same card and amount): for a shopper's payment. Charges under a key of their own
   * (a renewal, a proration) are kept apart by the key.
   */
  duplicateCheck: boolean;
}

/**
 * The payment request of a stored card's charge, as the request's parse would have made it of the same fields: the
 * defaults filled in, no security code, no URLs, no 3-D Secure flags. The errors instead when a stored field is not
 * one a request could carry.
 */
export function storedCardPaymentRequest(
  charge: StoredCardCharge,
): { ok: true; value: PaymentRequest } | { ok: false; errors: ErrorTree } {
  const { amount, currency } = charge;
  const language = charge.language ?? DEFAULT_LANGUAGE;
  const positive = Number.isSafeInteger(amount) && amount > 0;
  if (!positive || !isCardCurrencyCode(currency) || !isLanguage(language)) {
    const errors: ErrorTree = {};
    if (!positive) errors.amount = [greaterThan(0)];
    if (!isCardCurrencyCode(currency)) errors.currency = [INVALID];
    if (!isLanguage(language)) errors.language = [NOT_INCLUDED];
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      amount,
      currency,
      description: charge.description,
      tracking_id: charge.trackingId,
      duplicate_check: charge.duplicateCheck,
      language,
      test: charge.test,
      credit_card: { token: charge.token },
      skip_three_d_secure_verification: false,
      force_three_d_secure_verification: false,
      three_d_secure: { advanced: false },
      additional_data: { receipt_text: [], contract: [charge.contract] },
      customer: charge.customer,
      billing_address: charge.billingAddress,
    },
  };
}

/**
 * Charges a stored card without its shopper, through the payments' money path (`createPayment`), checked as the
 * same request sent to POST /transactions/payments would be where it still matters: the amount's ceiling and the
 * shop's required fields (none of the shopper's: the charge is merchant-initiated); the card itself — its token, its
 * expiry, its contract — as every charge's is. Refusals before anything is written: `card_not_chargeable` with its
 * reason for the card, `validation_failed` for the rest.
 */
export async function chargeStoredCard(
  options: StoredCardCharge & { deps: GatewayDeps; shop: AuthenticatedShop },
): Promise<Transaction> {
  const { deps, shop, uid, subscriptionId } = options;
  const parsed = storedCardPaymentRequest(options);
  if (!parsed.ok) throw GatewayError.validation(parsed.errors);
  const request = parsed.value;
  const errors = mergeErrorTrees(
    amountCeilingErrors(request.amount, request.currency),
    checkShopRules(request, shop, { merchantInitiated: true }),
  );
  if (!isEmptyErrorTree(errors)) throw GatewayError.validation(errors);
  return createPayment({ deps, shop, request, type: "payment", subscriptionCharge: { uid, subscriptionId } });
}
