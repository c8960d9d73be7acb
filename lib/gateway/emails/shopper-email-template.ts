import type * as EmailComponents from "@react-email/components";
import type * as ReactModule from "react";
import type { ReactElement, ReactNode } from "react";
import { brandDisplayName } from "@/lib/cards/brand";
import { brandColourFor } from "@/lib/contracts/contrast";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { Language } from "@/lib/contracts/languages";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { ReceiptMessages } from "../receipts/receipt-messages";
import { formatReceiptDate } from "../receipts/render-receipt";
import type { ShopperEmailLocale } from "./email-messages";
import { interpolateShop } from "./interpolate-shop";
import type { ShopperEmailPayload } from "./shopper-email-payload";

/**
 * React and React Email, loaded when the first message is rendered rather than imported here. React picks its
 * development or production build from NODE_ENV when it is first loaded, and the server sets NODE_ENV to production
 * after its modules are loaded (Next does): a static import would load React's development element factory at
 * start-up and its production renderer later, and the two do not work together. Loaded late, both are the same.
 */
export interface EmailLibraries {
  React: typeof ReactModule;
  components: typeof EmailComponents;
}

const DEFAULT_BRAND_COLOR = "#1f4fd1";

/** Kinds that report a movement of money (their footer says so); every other kind is a subscription's message. */
const PAYMENT_KINDS: readonly ShopperEmailKind[] = ["receipt", "refund", "payout", "renewal_receipt"];

const styles = {
  body: {
    backgroundColor: "#f6f7f9",
    color: "#1b1f27",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: "8px",
    margin: "24px auto",
    maxWidth: "560px",
    padding: "24px",
  },
  label: { color: "#4a5160", fontSize: "13px", margin: "12px 0 0" },
  value: { fontSize: "15px", margin: "2px 0 0" },
  amount: { fontSize: "28px", fontWeight: 700, margin: "4px 0 0" },
  test: {
    backgroundColor: "#fff4d6",
    border: "1px solid #b88a00",
    borderRadius: "6px",
    color: "#5c4300",
    fontSize: "14px",
    padding: "8px 12px",
  },
  receiptLine: { fontSize: "14px", margin: "4px 0" },
  footer: { color: "#4a5160", fontSize: "12px" },
} as const;

export interface ShopperEmailProps {
  kind: ShopperEmailKind;
  locale: ShopperEmailLocale;
  receipt: ReceiptMessages;
  payload: ShopperEmailPayload;
}

/**
 * One template for every kind of shopper e-mail (React Email components, written as `createElement` calls for the
 * reason above): the kind decides the heading and the first sentence, from the catalogue; the rest is the same
 * facts in the same order.
 */
export function shopperEmailElement(
  { React, components: C }: EmailLibraries,
  { kind, locale, receipt, payload }: ShopperEmailProps,
): ReactElement {
  const h = React.createElement;
  const { messages, language, dir } = locale;
  const shop = payload.shopName;
  const colour = brandColourFor(payload.brandColor ?? DEFAULT_BRAND_COLOR, "light");
  const heading = interpolateShop(messages.subjects[kind], shop);
  const amount = formatAmount(payload.amount, payload.currency, language);
  const leftToRight = (text: string) => h("span", { dir: "ltr" }, text);
  const detail = (key: string, label: string, value: ReactNode) => [
    h(C.Text, { key: `${key}-label`, style: styles.label }, label),
    h(C.Text, { key: `${key}-value`, style: styles.value }, value),
  ];
  const card = payload.card ? `${brandDisplayName(payload.card.brand)} •••• ${payload.card.last4}` : null;
  const facts = payload.subscription;
  // Nothing charged by what this message reports: no amount stands as if it had been paid.
  const hideAmount = payload.neverCharged === true || facts?.nothingChargedNow === true;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  const intro = payload.neverCharged
    ? messages.canceledNeverCharged
    : kind === "subscription_started" && facts?.freeTrial
      ? messages.trialStarted
      : messages.intros[kind];
  const footer = PAYMENT_KINDS.includes(kind) ? messages.footer : messages.subscriptionFooter;
  const attempt = facts?.attempt ?? null;
  const button = (href: string, label: string) =>
    h(
      C.Button,
      {
        href,
        style: {
          backgroundColor: colour,
          borderRadius: "6px",
          color: "#ffffff",
          fontWeight: 600,
          padding: "12px 20px",
        },
      },
      label,
    );
  // A refund says which part of the payment it returns: "Partial refund of €5.00 of €12.99", or the whole of it.
  const refundOf = payload.refundOf;
  const refundLine = refundOf
    ? refundOf.amount > payload.amount
      ? messages.partialRefund
          .replace("{refund}", amount)
          .replace("{amount}", formatAmount(refundOf.amount, payload.currency, language))
      : messages.fullRefund.replace("{amount}", amount)
    : null;
  const contact = payload.contact;
  const contactLines: [string, string, string][] = [];
  if (contact?.email) contactLines.push(["contact-email", `mailto:${contact.email}`, contact.email]);
  if (contact?.phone)
    contactLines.push(["contact-phone", `tel:${contact.phone.replace(/[^+\d]/g, "")}`, contact.phone]);
  if (contact?.url)
    contactLines.push([
      "contact-url",
      contact.url,
      contact.url.replace(/^https?:\/\//, "").replace(/\/$/, ""),
    ]);

  return h(
    C.Html,
    { lang: language, dir },
    h(C.Head, null),
    h(C.Preview, null, hideAmount ? heading : `${heading}: ${amount}`),
    h(
      C.Body,
      { style: styles.body },
      h(
        C.Container,
        { style: { ...styles.container, borderTop: `6px solid ${colour}` } },
        h(C.Text, { style: { color: colour, fontSize: "16px", fontWeight: 700, margin: 0 } }, shop),
        h(C.Heading, { as: "h1", style: { fontSize: "22px", margin: "12px 0" } }, heading),
        payload.test ? h(C.Text, { style: styles.test }, receipt.testNotice) : null,
        h(C.Text, { style: { fontSize: "15px" } }, interpolateShop(intro, shop)),
        h(
          C.Section,
          null,
          // Never charged: no amount to show as if it had been.
          hideAmount ? null : h(C.Text, { style: styles.label }, messages.amount),
          hideAmount ? null : h(C.Text, { style: styles.amount }, leftToRight(amount)),
          payload.description ? detail("description", receipt.description, payload.description) : null,
          facts?.trialEndsAt ? detail("trial-ends", messages.trialEnds, date(facts.trialEndsAt)) : null,
          facts?.nextCharge
            ? detail(
                "next-charge",
                facts.nextCharge.first ? messages.firstCharge : messages.nextCharge,
                h(
                  "span",
                  null,
                  leftToRight(formatAmount(facts.nextCharge.amount, payload.currency, language)),
                  ` · ${date(facts.nextCharge.at)}`,
                ),
              )
            : null,
          facts?.activeUntil ? detail("active-until", messages.activeUntil, date(facts.activeUntil)) : null,
          facts?.resumeAt ? detail("resumes", messages.resumesOn, date(facts.resumeAt)) : null,
          attempt
            ? detail(
                "attempt",
                messages.attempt
                  .replace("{n}", String(attempt.number))
                  .replace("{total}", String(attempt.of)),
                messages.reason.concat(": ", messages.reasons[attempt.reason]),
              )
            : null,
          attempt
            ? attempt.nextAt
              ? detail("next-attempt", messages.nextAttempt, date(attempt.nextAt))
              : h(C.Text, { key: "last-attempt", style: styles.value }, messages.lastAttempt)
            : null,
          card ? detail("card", receipt.card, leftToRight(card)) : null,
          refundLine ? h(C.Text, { key: "refund-part", style: styles.value }, refundLine) : null,
          payload.date
            ? detail("date", receipt.date, formatReceiptDate(payload.date, language as Language))
            : null,
          payload.statementDescriptor
            ? detail("descriptor", receipt.statementDescriptor, payload.statementDescriptor)
            : null,
          payload.orderReference ? detail("order", receipt.order, payload.orderReference) : null,
          payload.transactionUid
            ? detail("transaction", receipt.transaction, leftToRight(payload.transactionUid))
            : null,
          payload.refundOf
            ? detail("refunded-payment", messages.refundedPayment, leftToRight(payload.refundOf.uid))
            : null,
        ),
        payload.receiptUrl
          ? h(C.Section, { style: { margin: "20px 0" } }, button(payload.receiptUrl, messages.viewReceipt))
          : null,
        kind === "renewal_failed" && payload.cardUpdateUrl
          ? h(C.Section, { style: { margin: "20px 0" } }, button(payload.cardUpdateUrl, messages.updateCard))
          : null,
        facts?.cancelUrl
          ? h(
              C.Text,
              { style: styles.value },
              h(C.Link, { href: facts.cancelUrl, style: { color: colour } }, messages.cancelSubscription),
            )
          : null,
        payload.receiptText.length > 0
          ? h(
              C.Section,
              null,
              h(C.Hr, null),
              // Lines may repeat; their position is their identity.
              ...payload.receiptText.map((line, index) =>
                h(C.Text, { key: `line-${index}`, style: styles.receiptLine }, line),
              ),
            )
          : null,
        contactLines.length > 0
          ? h(
              C.Section,
              null,
              h(C.Text, { style: styles.label }, receipt.contact),
              ...contactLines.map(([key, href, text]) =>
                h(
                  C.Text,
                  { key, style: styles.value },
                  h(C.Link, { href, style: { color: colour } }, leftToRight(text)),
                ),
              ),
            )
          : null,
        h(C.Hr, null),
        h(C.Text, { style: styles.footer }, interpolateShop(footer, shop)),
      ),
    ),
  );
}
