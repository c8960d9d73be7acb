import {
  CHECKOUT_CUSTOMER_FIELDS,
  type CheckoutCustomerField,
  type CheckoutSettings,
} from "@/lib/contracts/checkout";
import type { ShopperCheckoutView, ShopperTransactionView } from "@/lib/contracts/shopper-view";
import type { Transaction } from "@/lib/contracts/transaction";

type TermsUnit = "hour" | "day" | "week" | "month" | "year";

import { and, eq, inArray } from "drizzle-orm";
import { cards, plans, shopperEmails, subscriptions } from "@/lib/db/schema";
import { addInterval } from "../billing/schedule";
import { shopCardWithToken } from "../cards/card-by-token";
import { describeCard } from "../cards/describe-card";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { revealCardNumber } from "../vault/card-vault";
import type { CheckoutSession } from "./checkout-session";

/**
 * Whether the page must tell the shopper, before the button, that the card is kept for the shop's future charges
 * (stored-credential disclosure): the session's contract includes `recurring`, the page takes a card typed in (not
 * only a stored one), and it offers no save-card choice (the shopper's own choice is consent enough). Decided from
 * the session alone, so the card record's `consentShown` can never be claimed by the page's request.
 */
export function sessionDisclosesKeptCard(request: CheckoutSession["request"]): boolean {
  if (!request.order.additional_data.contract.includes("recurring")) return false;
  const storedOnly =
    Boolean(request.payment_method?.credit_card?.token) && !request.settings.another_card_toggle.display;
  if (storedOnly) return false;
  const choiceOffered =
    (request.transaction_type === "payment" || request.transaction_type === "authorization") &&
    request.settings.save_card_toggle.display &&
    !request.payment_method?.credit_card?.token;
  return !choiceOffered;
}

/**
 * What a checkout token reads (`lib/contracts/shopper-view.ts`): the page's views, built field by field from what
 * the page draws, so nothing the merchant set for itself reaches a shopper or a card tester holding the token.
 */

/** Request fields a shop can require, as the hosted page's customer fields. */
const REQUIRED_FIELD_TO_CUSTOMER_FIELD: Record<string, CheckoutCustomerField> = {
  "customer.email": "email",
  "customer.birth_date": "birth_date",
  "billing_address.first_name": "first_name",
  "billing_address.last_name": "last_name",
  "billing_address.address": "address",
  "billing_address.city": "city",
  "billing_address.country": "country",
  "billing_address.state": "state",
  "billing_address.zip": "zip",
  "billing_address.phone": "phone",
};

/** The customer fields the shop requires, as the page's fields. */
function requiredCustomerFields(shop: AuthenticatedShop): CheckoutCustomerField[] {
  return shop.settings.required_fields
    .map((field) => REQUIRED_FIELD_TO_CUSTOMER_FIELD[field])
    .filter((field): field is CheckoutCustomerField => field !== undefined);
}

/**
 * The customer fields the page shows: the session's `visible` list, and every field the shop requires even when
 * the session did not list it (the shopper must be able to fill it in). The page shows exactly these, the shopper
 * view carries their values only, and a payment attempt takes only these from the page.
 */
export function shownCustomerFields(
  shop: AuthenticatedShop,
  settings: Pick<CheckoutSettings, "customer_fields">,
): CheckoutCustomerField[] {
  const required = requiredCustomerFields(shop);
  return CHECKOUT_CUSTOMER_FIELDS.filter(
    (field) => settings.customer_fields.visible.includes(field) || required.includes(field),
  );
}

/** A transaction as the page sees it: the attempt's outcome and where 3-D Secure continues, nothing else. */
export function shopperTransactionView(transaction: Transaction): ShopperTransactionView {
  return {
    uid: transaction.uid,
    status: transaction.status,
    message: transaction.message,
    amount: transaction.amount,
    currency: transaction.currency,
    type: transaction.type,
    redirect_url: attemptPage(transaction),
    credit_card: { brand: transaction.credit_card.brand, last_4: transaction.credit_card.last_4 },
    three_d_secure_verification: { status: transaction.three_d_secure_verification.status },
  };
}

async function describeSavedCard(
  deps: Pick<GatewayDeps, "db" | "keyring">,
  shopId: number,
  token: string | undefined,
): Promise<{ brand: string; last_4: string } | null> {
  if (!token) return null;
  const [stored] = await deps.db.select().from(cards).where(shopCardWithToken(token, shopId));
  if (!stored) return null;
  // The number is revealed in memory only to tell its brand and last four digits.
  const description = describeCard(await revealCardNumber(deps.keyring, stored));
  return { brand: description.brand, last_4: description.last_4 };
}

/** The session's values of the fields the page shows; null when there are none. */
function shownCustomer(
  session: CheckoutSession,
  shown: readonly CheckoutCustomerField[],
): ShopperCheckoutView["customer"] {
  const customer: Partial<Record<CheckoutCustomerField, string>> = {};
  for (const field of shown) {
    const value = session.request.customer?.[field];
    if (typeof value === "string") customer[field] = value;
  }
  return Object.keys(customer).length > 0 ? customer : null;
}

/**
 * The plan of the subscription whose hosted page this session is, for its terms in words (null for any other
 * page), and whether the page must ask the shopper's e-mail: a subscription opened from its plan's pay_url has no
 * customer yet, and the one the page makes is told about renewals and card updates by e-mail.
 */
async function subscriptionPageOf(
  deps: Pick<GatewayDeps, "db" | "clock">,
  token: string,
): Promise<{ terms: ShopperCheckoutView["subscription_terms"]; asksEmail: boolean }> {
  const [found] = await deps.db
    .select({
      plan: plans,
      customerId: subscriptions.customerId,
      state: subscriptions.state,
      renewAt: subscriptions.renewAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.checkoutToken, token))
    .limit(1);
  if (!found) return { terms: null, asksEmail: false };
  const { plan } = found;
  const trial = plan.trial as { amount: number; interval: number; interval_unit: TermsUnit } | null;
  // Once the trial runs its end is the subscription's; before, it is as far from today as the trial is long.
  const firstChargeAt = !trial
    ? null
    : found.state === "trial" && found.renewAt
      ? found.renewAt
      : addInterval(deps.clock.now(), trial.interval, trial.interval_unit);
  return {
    terms: {
      amount: plan.amount,
      currency: plan.currency,
      interval: plan.interval,
      interval_unit: plan.intervalUnit,
      trial: trial
        ? { amount: trial.amount, interval: trial.interval, interval_unit: trial.interval_unit }
        : null,
      first_charge_at: firstChargeAt?.toISOString() ?? null,
    },
    asksEmail: found.customerId === null,
  };
}

/**
 * The subscription whose card this session replaces (its `card_update_url`), by the session's token: its name and
 * the card it has now (brand and last 4, revealed in memory only to tell them). Null for any other session. Read
 * here, beside the plan's terms, from the subscription's own columns: the page says what the update replaces.
 */
async function cardUpdateOf(
  deps: Pick<GatewayDeps, "db" | "keyring">,
  shopId: number,
  token: string,
): Promise<ShopperCheckoutView["card_update"]> {
  const [found] = await deps.db
    .select({ title: plans.title, cardToken: subscriptions.cardToken })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.cardUpdateCheckout, token), eq(subscriptions.shopId, shopId)))
    .limit(1);
  if (!found) return null;
  return {
    subscription: found.title,
    replaces: await describeSavedCard(deps, shopId, found.cardToken ?? undefined),
  };
}

/** Whether an attempt on this session must carry the shopper's e-mail (a plan link's subscription page). */
export async function sessionRequiresEmail(
  deps: Pick<GatewayDeps, "db" | "clock">,
  token: string,
): Promise<boolean> {
  return (await subscriptionPageOf(deps, token)).asksEmail;
}

/** The hosted page's view of its session (the session token as bearer). */
export async function shopperCheckoutView(
  deps: Pick<GatewayDeps, "db" | "clock" | "keyring">,
  shop: AuthenticatedShop,
  session: CheckoutSession,
): Promise<ShopperCheckoutView> {
  const { row, request } = session;
  const { settings } = request;
  const subscriptionPage = await subscriptionPageOf(deps, row.token);
  const required = requiredCustomerFields(shop);
  if (subscriptionPage.asksEmail && !required.includes("email")) required.push("email");
  // A plan link's page always shows the e-mail (PLAN_LINK_CUSTOMER_FIELDS): now it also requires it.
  const visible = shownCustomerFields(shop, settings);
  const last = session.lastTransaction;
  return {
    token: row.token,
    transaction_type: request.transaction_type,
    status: session.status,
    finished: row.finishedAt !== null,
    expired: session.expired,
    message: session.message,
    test: row.test,
    three_d_secure: shop.settings.three_d_secure || row.threeDSecureRequired,
    attempts_left: Math.max(0, row.attempts - row.attemptsUsed),
    language: settings.language,
    shop: {
      name: shop.settings.branding.name ?? shop.name,
      logo_url: shop.settings.branding.logo_url,
      color: shop.settings.branding.color,
      contact: shopContact(shop),
    },
    accepted_brands: shop.settings.accepted_brands,
    order: {
      amount: request.order.amount,
      currency: request.order.currency,
      description: request.order.description,
      // A payment link's sessions carry the product's id as their tracking id (the merchant's filter): not an order
      // reference of the shopper's, so the page shows none.
      tracking_id: row.productId ? null : (request.order.tracking_id ?? null),
      receipt_text: request.order.additional_data.receipt_text,
    },
    customer_fields: {
      visible,
      required,
      read_only: settings.customer_fields.read_only.filter((field) => visible.includes(field)),
    },
    credit_card_fields: {
      holder: settings.credit_card_fields.holder ?? null,
      holder_required: shop.settings.required_fields.includes("credit_card.holder"),
      read_only: settings.credit_card_fields.read_only,
      verification_value_required: shop.settings.required_fields.includes("credit_card.verification_value"),
    },
    customer: shownCustomer(session, visible),
    saved_card: await describeSavedCard(deps, row.shopId, request.payment_method?.credit_card?.token),
    save_card_toggle: settings.save_card_toggle,
    another_card_toggle: settings.another_card_toggle,
    keeps_card: sessionDisclosesKeptCard(request),
    subscription_terms: subscriptionPage.terms,
    // Only a tokenization can be a card update: every other session is spared the look-up.
    card_update:
      request.transaction_type === "tokenization" ? await cardUpdateOf(deps, row.shopId, row.token) : null,
    frame_ancestors: shop.settings.frame_ancestors,
    return_urls: {
      success_url: settings.success_url ?? null,
      decline_url: settings.decline_url ?? null,
      fail_url: settings.fail_url ?? null,
      cancel_url: settings.cancel_url ?? null,
      return_url: settings.return_url ?? null,
      auto_return: settings.auto_return ?? null,
    },
    receipt: session.status === "successful" && last ? await receiptOf(deps, last) : null,
    last_transaction: last
      ? {
          uid: last.uid,
          status: last.status,
          message: last.message,
          redirect_url: attemptPage(last),
          credit_card: { brand: last.credit_card.brand, last_4: last.credit_card.last_4 },
        }
      : null,
  };
}

/** How shoppers reach the shop, or null when it gave no way. */
function shopContact(shop: AuthenticatedShop): ShopperCheckoutView["shop"]["contact"] {
  const { support_email: email, support_phone: phone, support_url: url } = shop.settings;
  return email || phone || url ? { email, phone, url } : null;
}

/** "j•••@example.com": enough for the shopper to recognise the address, too little for anyone else to use it. */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

/**
 * A paid attempt's receipt: its page, date and statement descriptor, and where its e-mail goes. Said only of a
 * message queued or sent: one kept without a mail server or given up on went nowhere.
 */
async function receiptOf(
  deps: Pick<GatewayDeps, "db">,
  transaction: Transaction,
): Promise<ShopperCheckoutView["receipt"]> {
  if (!transaction.receipt_url || transaction.status !== "successful") return null;
  const result = (
    transaction as unknown as Record<string, { billing_descriptor?: string | null } | undefined>
  )[transaction.type];
  const [email] = await deps.db
    .select({ recipient: shopperEmails.recipient, status: shopperEmails.status })
    .from(shopperEmails)
    .where(
      and(
        eq(shopperEmails.transactionUid, transaction.uid),
        inArray(shopperEmails.status, ["pending", "sent"]),
        inArray(shopperEmails.kind, ["receipt", "renewal_receipt"]),
      ),
    )
    .limit(1);
  return {
    url: transaction.receipt_url,
    date: transaction.paid_at ?? transaction.updated_at,
    statement_descriptor: result?.billing_descriptor ?? null,
    emailed_to: email ? maskedEmail(email.recipient) : null,
    emailed: email ? (email.status as "sent" | "pending") : null,
  };
}

/** A session's transactions are its attempts, which always have a page: only captures, voids and refunds have none. */
function attemptPage(transaction: Transaction): string {
  return transaction.redirect_url ?? "";
}
