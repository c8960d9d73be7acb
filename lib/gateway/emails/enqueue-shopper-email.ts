import { randomBytes } from "node:crypto";
import type { ShopSettings } from "@/lib/contracts/shop-settings";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { Database } from "@/lib/db/client";
import { shopperEmails, type TransactionRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { type OwnBody, type OwnColumns, renderOwnBody } from "../transactions/own-body";
import type { TransactionBody } from "../transactions/transaction-body";
import type { ShopperEmailPayload, SubscriptionEmailFacts } from "./shopper-email-payload";

/** `eml_` + 16 hex, from the operating system's random source. */
export function newShopperEmailId(): string {
  return `eml_${randomBytes(8).toString("hex")}`;
}

/** The shop as an e-mail needs it: its name, its brand and whether (and which kinds) it sends e-mails. */
export interface ShopperEmailShop {
  id: number;
  name: string;
  /** A test shop: its test transactions e-mail their shoppers; a live shop's test transactions never do. */
  test: boolean;
  settings: Pick<ShopSettings, "branding" | "customer_emails"> &
    Partial<Pick<ShopSettings, "support_email" | "support_phone" | "support_url">>;
}

/**
 * The most merchant text one e-mail carries: the description and each receipt line up to the API's own field
 * length, and no more than ten receipt lines. A shop key must not turn the outbox into a relay of long letters to
 * strangers; what is cut ends with "…".
 */
export const MAX_EMAIL_DESCRIPTION_LENGTH = 255;
export const MAX_EMAIL_RECEIPT_LINES = 10;
export const MAX_EMAIL_RECEIPT_LINE_LENGTH = 255;

function capped(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** A row of the outbox, as the writers insert it (in one statement with what it reports, or through a tx). */
// A type, not an interface: the batch writers pass rows as plain records.
export type ShopperEmailRowInput = {
  id: string;
  shopId: number;
  transactionUid: string | null;
  subscriptionId: string | null;
  kind: ShopperEmailKind;
  language: string;
  recipient: string;
  payload: ShopperEmailPayload;
  nextAttemptAt?: Date;
  createdAt?: Date;
  updatedAt?: Date;
};

export interface ShopperEmailRequest {
  shop: ShopperEmailShop;
  kind: ShopperEmailKind;
  /** The transaction's (or subscription's) `language`; English when it is not one of the 40. */
  language: string;
  /** `customer.email`; no address, no message. */
  to: string | null | undefined;
  amount: number;
  currency: string;
  description: string;
  card: { brand: string; last4: string } | null;
  receiptText?: readonly string[];
  transactionUid?: string | null;
  subscriptionId?: string | null;
  test: boolean;
  /** Required in practice for `renewal_failed`: the hosted page where the subscriber updates the card. */
  cardUpdateUrl?: string | null;
  /** A canceled subscription that never charged its subscriber. */
  neverCharged?: boolean;
  /** A subscription message's dates, attempt and cancel link. */
  subscription?: SubscriptionEmailFacts;
  /** The clock's fixed time (tests), so that the row is due on that clock. */
  at?: Date | null;
  /** A money transaction's receipt details (see `ShopperEmailPayload`). */
  statementDescriptor?: string | null;
  orderReference?: string | null;
  receiptUrl?: string | null;
  refundOf?: { amount: number; uid: string } | null;
}

/**
 * The outbox row for a message, or null when none is to be sent: the shop has not turned shopper e-mails on, or
 * not this kind, or there is no address to send to. Pure: the caller writes the row in its own transaction.
 */
export function shopperEmailRow(request: ShopperEmailRequest): ShopperEmailRowInput | null {
  const setting = request.shop.settings.customer_emails;
  if (!setting.enabled || !setting.kinds.includes(request.kind)) return null;
  // A live shop's test transaction moves no money: nobody is told it did (and a live key cannot mail strangers for
  // free). A test shop's test transactions e-mail as its live ones would, which is what a test shop is for.
  if (request.test && !request.shop.test) return null;
  const recipient = request.to?.trim();
  if (!recipient) return null;
  const payload: ShopperEmailPayload = {
    shopName: request.shop.settings.branding.name ?? request.shop.name,
    brandColor: request.shop.settings.branding.color,
    amount: request.amount,
    currency: request.currency,
    description: capped(request.description, MAX_EMAIL_DESCRIPTION_LENGTH),
    // Brand and last 4 only, copied field by field: nothing else of the card can come along.
    card: request.card ? { brand: String(request.card.brand), last4: String(request.card.last4) } : null,
    receiptText: (request.receiptText ?? [])
      .slice(0, MAX_EMAIL_RECEIPT_LINES)
      .map((line) => capped(line, MAX_EMAIL_RECEIPT_LINE_LENGTH)),
    transactionUid: request.transactionUid ?? null,
    subscriptionId: request.subscriptionId ?? null,
    test: request.test,
    cardUpdateUrl: request.cardUpdateUrl ?? null,
    ...(request.neverCharged ? { neverCharged: true } : {}),
    ...(request.subscription ? { subscription: request.subscription } : {}),
    date: (request.at ?? new Date()).toISOString(),
    statementDescriptor: request.statementDescriptor ?? null,
    orderReference: request.orderReference ?? null,
    contact: shopContact(request.shop.settings),
    receiptUrl: request.receiptUrl ?? null,
    refundOf: request.refundOf ?? null,
  };
  return {
    id: newShopperEmailId(),
    shopId: request.shop.id,
    transactionUid: request.transactionUid ?? null,
    subscriptionId: request.subscriptionId ?? null,
    kind: request.kind,
    language: request.language,
    recipient,
    payload,
    ...(request.at ? { nextAttemptAt: request.at, createdAt: request.at, updatedAt: request.at } : {}),
  };
}

/** The shop's contact for shoppers, or null when it gave none. */
function shopContact(settings: ShopperEmailShop["settings"]): ShopperEmailPayload["contact"] {
  const contact = {
    email: settings.support_email ?? null,
    phone: settings.support_phone ?? null,
    url: settings.support_url ?? null,
  };
  return contact.email || contact.phone || contact.url ? contact : null;
}

/** A payment link's sessions carry the product's id as their tracking id: the merchant's filter, not an order. */
const PRODUCT_ID = /^prd_[0-9a-f]{16}$/;

/** A database or the handle of one of its transactions. */
type Writer = Pick<Database, "insert">;

/**
 * Queues a shopper e-mail in the caller's database transaction, so that it exists exactly when what it reports
 * does (a subscription started, renewed, failed to renew or canceled). Returns the e-mail's id, or null when the
 * shop does not send this kind or there is no address. After the transaction commits, `deps.outbox.nudge()` lets
 * the e-mail worker send it at once rather than at its next poll.
 */
export async function enqueueShopperEmail(tx: Writer, request: ShopperEmailRequest): Promise<string | null> {
  const row = shopperEmailRow(request);
  if (!row) return null;
  await tx.insert(shopperEmails).values(row);
  return row.id;
}

const KIND_OF_TYPE: Partial<Record<string, ShopperEmailKind>> = {
  payment: "receipt",
  capture: "receipt",
  refund: "refund",
  credit: "payout",
};

/**
 * The e-mail a money transaction that just ended sends, or null: only a successful payment, capture, refund or
 * payout (never a decline, an authorization or a void), to `customer.email`; a subscription's payment is its
 * renewal receipt.
 */
export function shopperEmailForTransaction(
  shop: ShopperEmailShop | null,
  transaction: { uid: string; status: string; body: TransactionBody },
  at: Date | null,
  /** A refund's payment (its amount), so the message can say which part was refunded. */
  refundOf: { amount: number; uid: string } | null = null,
): ShopperEmailRowInput | null {
  const { body } = transaction;
  // A subscription's charge names it in its body; a renewal's is its renewal receipt. Its first charge (a receipt
  // like any payment's, beside the `started` e-mail) is the one that meets the duplicate check: renewals never do.
  const subscriptionId = (body as { subscription_id?: string }).subscription_id ?? null;
  const kind =
    subscriptionId && body.type === "payment" && !body.duplicate_check
      ? "renewal_receipt"
      : KIND_OF_TYPE[body.type];
  if (!shop || !kind || transaction.status !== "successful") return null;
  const card = body.credit_card;
  return shopperEmailRow({
    shop,
    kind,
    language: body.language,
    to: body.customer?.email,
    amount: body.amount,
    currency: body.currency,
    description: body.description,
    card: card?.last_4 ? { brand: card.brand ?? "", last4: card.last_4 } : null,
    receiptText: body.additional_data?.receipt_text ?? [],
    transactionUid: transaction.uid,
    subscriptionId,
    test: body.test,
    at,
    statementDescriptor: moneyResult(body)?.billing_descriptor ?? null,
    orderReference: body.tracking_id && !PRODUCT_ID.test(body.tracking_id) ? body.tracking_id : null,
    receiptUrl: (body as { receipt_url?: string | null }).receipt_url ?? null,
    refundOf: kind === "refund" ? refundOf : null,
  });
}

/** The acquirer's result of a money transaction's body (`payment`, `capture`, `refund` …), if it has one. */
function moneyResult(body: TransactionBody): { billing_descriptor?: string | null } | null {
  const result = (body as Record<string, unknown>)[body.type];
  return result && typeof result === "object" ? (result as { billing_descriptor?: string | null }) : null;
}

/**
 * The e-mail a money transaction's end sends with it, or null (`shopperEmailForTransaction`): built by whoever ends
 * the transaction and handed to the core, which stores it in the same statement as the end.
 */
export async function shopperEmailOnEnd(
  deps: Pick<GatewayDeps, "shops" | "clock">,
  end: { uid: string; shopId: number; status: TransactionRow["status"]; columns: OwnColumns; body: OwnBody },
): Promise<ShopperEmailRowInput | null> {
  // Most ends send nothing: asked of the facts, before the body is rendered for the e-mail.
  if (!mayEmailShopper(end.status, { type: end.columns.type, customer: end.body.customer })) return null;
  // Nothing has taken from it yet: its totals are nought.
  const body = renderOwnBody(
    { ...end.columns, status: end.status, captured: 0, voided: 0, refunded: 0 },
    end.body,
  );
  return shopperEmailForTransaction(
    await deps.shops.get(end.shopId),
    { uid: end.uid, status: end.status, body },
    deps.clock.isFixed ? deps.clock.now() : null,
  );
}

/** Whether a money transaction's end may send an e-mail at all: saves looking the shop up for every other. */
export function mayEmailShopper(status: string, body: Pick<TransactionBody, "type" | "customer">): boolean {
  return status === "successful" && Boolean(body.customer?.email) && Object.hasOwn(KIND_OF_TYPE, body.type);
}
