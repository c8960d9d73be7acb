import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { BrandMarks } from "@/components/checkout/brand-marks";
import { CheckoutFrame, ShopHeader } from "@/components/checkout/checkout-frame";
import { Isolated } from "@/components/checkout/isolated";
import { SessionOrderSummary } from "@/components/checkout/order-summary";
import { OutcomePanel } from "@/components/checkout/outcome-panel";
import { PaymentForm } from "@/components/checkout/payment-form";
import { StatusPanel } from "@/components/checkout/status-panel";
import { TestBadge } from "@/components/checkout/test-badge";
import { TrustLine } from "@/components/checkout/trust-line";
import { checkoutPurpose, submitLabel } from "@/lib/checkout/checkout-purpose";
import {
  checkoutOutcome,
  checkoutPagePath,
  checkoutResultPath,
  framedResultPath,
  isFramedRequest,
  merchantReturnUrl,
} from "@/lib/checkout/merchant-return";
import { getCheckoutMessages, interpolate, plural } from "@/lib/checkout/messages";
import type { CheckoutMessages } from "@/lib/checkout/messages/types";
import { initialPaymentForm, paymentFormRules } from "@/lib/checkout/payment-fields";
import { countryOptions, regionOptions } from "@/lib/checkout/places";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { subscriptionTermsText } from "@/lib/checkout/subscription-terms";
import { HOLDER_MAX_LENGTH } from "@/lib/contracts/credit-card";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { Language } from "@/lib/contracts/languages";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { getConfig } from "@/lib/server/config";
import { checkoutPageMetadata, readCheckout } from "./read-checkout";

/** "12/29": a test card expiry a few years ahead, chosen here so server and browser render the same text. */
/**
 * The line before the button on a page that keeps the card: a subscription's terms in words, then the consent
 * notice that the card is kept. Null on a page that keeps no card.
 */
function keepsCardNotice(
  view: ShopperCheckoutView,
  messages: CheckoutMessages,
  language: Language,
): string | null {
  if (!view.keeps_card) return null;
  const notice = interpolate(messages.storedCredential.notice, { shop: view.shop.name });
  return view.subscription_terms
    ? `${subscriptionTermsText(language, view.subscription_terms)} ${notice}`
    : notice;
}

function testCardExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;
}

/**
 * The hosted payment page. Everything it shows comes from the gateway's shopper view of the session; the page
 * decides only which state to draw: the form, a verification under way, or how the session ended.
 */
export function generateMetadata({ params }: { params: Promise<{ token: string }> }) {
  return params.then(({ token }) => checkoutPageMetadata(token));
}

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const framed = isFramedRequest(await headers(), (await searchParams).iframe);
  const result = await readCheckout(token);
  if (!result.ok) {
    if (result.kind === "not_found") notFound();
    const messages = getCheckoutMessages(await shopperLanguage(null));
    return (
      <CheckoutFrame messages={messages} shop={null} nonce={null}>
        <StatusPanel tone="warning" title={messages.status.unavailableTitle}>
          <p>{messages.status.unavailableBody}</p>
        </StatusPanel>
      </CheckoutFrame>
    );
  }

  const view = result.data;
  const language = await shopperLanguage(view.language);
  const messages = getCheckoutMessages(language);
  const nonce = (await headers()).get("x-nonce");
  const outcome = checkoutOutcome(view);
  // A finished session has its own page (with the merchant's auto_return); an expired one is explained here.
  if (outcome !== null && outcome !== "expired") {
    redirect(framed ? framedResultPath(token) : checkoutResultPath(token));
  }

  const expiredUrl =
    outcome === "expired"
      ? (merchantReturnUrl(view, "expired") ?? merchantReturnUrl(view, "canceled"))
      : null;
  // The form draws its own trust line, under the button; every other view gets the frame's.
  // The form's view puts the shop's name at the head of the order (formView): the order reads as one block.
  const frame = (body: React.ReactNode, formView = false) => (
    <CheckoutFrame
      trustLine={!formView}
      shopInOrder={formView}
      messages={messages}
      shop={view.shop}
      nonce={nonce}
      token={token}
      frame={{
        origins: view.frame_ancestors,
        result:
          outcome === "expired"
            ? { status: "expired", url: expiredUrl ?? `${getConfig().publicUrl}${checkoutPagePath(token)}` }
            : null,
      }}
    >
      {body}
    </CheckoutFrame>
  );

  if (outcome === "expired") {
    return frame(
      <>
        {view.test ? <TestBadge messages={messages} /> : null}
        <OutcomePanel
          messages={messages}
          view={view}
          outcome="expired"
          merchantUrl={expiredUrl}
          framed={framed}
        />
      </>,
    );
  }

  const summary = <SessionOrderSummary messages={messages} language={language} view={view} />;
  if (view.status === "incomplete") {
    return frame(
      <>
        <StatusPanel tone="neutral" title={messages.status.incompleteTitle}>
          <p>{messages.status.incompleteBody}</p>
          {view.last_transaction ? (
            <p>
              <a className="button button--primary" href={view.last_transaction.redirect_url}>
                {messages.actions.continueVerification}
              </a>
            </p>
          ) : null}
        </StatusPanel>
        {summary}
      </>,
    );
  }

  const showsCountry = view.customer_fields.visible.includes("country");
  const showsState = view.customer_fields.visible.includes("state");
  // The last attempt was declined (here or at 3-D Secure) and the session takes another.
  const declined = view.last_transaction?.status === "failed";
  const purpose = checkoutPurpose(view);
  const submit = submitLabel(
    purpose,
    messages,
    formatAmount(view.order.amount, view.order.currency, language),
  );
  const rules = paymentFormRules(view);

  // From 900 px the order and the form side by side; below, one column with the order (and its amount) first.
  return frame(
    <div className="checkout-layout">
      {/* The shop's name and the order head the page: a generic "Payment" is for assistive technology only. A card
          update's heading says what the page does, so everyone reads it. */}
      <h1
        className={
          view.card_update
            ? "checkout__title checkout-layout__title"
            : "visually-hidden checkout-layout__title"
        }
      >
        {view.card_update ? (
          <Isolated
            text={interpolate(messages.page.cardUpdateTitle, { subscription: view.card_update.subscription })}
            direction={messages.direction}
            merchant={[view.card_update.subscription]}
          />
        ) : (
          messages.page.title
        )}
      </h1>
      <div className="checkout-layout__order">
        <ShopHeader shop={view.shop} />
        <SessionOrderSummary messages={messages} language={language} view={view} collapsible />
      </div>
      <div className="checkout-layout__pay">
        <BrandMarks messages={messages} brands={view.accepted_brands} />
        <PaymentForm
          token={token}
          messages={messages}
          rules={rules}
          readOnly={{ fields: view.customer_fields.read_only, holder: view.credit_card_fields.read_only }}
          initialValues={initialPaymentForm(view)}
          payLabel={submit.idle}
          busyLabel={submit.busy}
          saveCardLabel={
            rules.saveCardOffered ? interpolate(messages.savedCard.save, { shop: view.shop.name }) : null
          }
          keepsCardNotice={keepsCardNotice(view, messages, language)}
          shopName={view.shop.name}
          cancel={{
            label: interpolate(messages.actions.cancel, { shop: view.shop.name }),
            pendingLabel: messages.actions.canceling,
            question: interpolate(messages.actions.cancelQuestion, { shop: view.shop.name }),
            confirmLabel: messages.actions.cancelConfirm,
            keepLabel: messages.actions.stayHere,
          }}
          testCardExpiry={view.test ? testCardExpiry() : null}
          threeDSecure={view.three_d_secure}
          countries={showsCountry ? countryOptions(language) : null}
          regions={showsState ? regionOptions(language) : null}
          holderMaxLength={HOLDER_MAX_LENGTH}
          notice={
            declined
              ? `${messages.errors.declined} ${interpolate(plural(messages.language, messages.errors.attemptsLeft, view.attempts_left), { count: view.attempts_left })}`
              : null
          }
        />
        <TrustLine messages={messages} />
        <p className="checkout__notice">
          <Isolated
            text={interpolate(messages.page.secureNotice, { shop: view.shop.name })}
            direction={messages.direction}
            merchant={[view.shop.name]}
          />
        </p>
      </div>
    </div>,
    true,
  );
}
