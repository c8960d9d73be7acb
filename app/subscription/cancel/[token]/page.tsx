import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutFrame } from "@/components/checkout/checkout-frame";
import { StatusPanel } from "@/components/checkout/status-panel";
import { TestBadge } from "@/components/checkout/test-badge";
import { getCheckoutMessages, interpolate } from "@/lib/checkout/messages";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { CANCEL_TOKEN_PATTERN, subscriptionCancelLocale } from "@/lib/checkout/subscription-cancel";
import { formatAmount } from "@/lib/contracts/format-amount";
import { getSubscriptionCancelClient } from "@/lib/gateway-client/subscriptions";
import { cancelSubscriptionByLink } from "./actions";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The subscriber's own cancel page (`cancel_url` of a subscription, in every subscription e-mail): in the
 * subscription's language (else the browser's), it says what cancelling does and cancels at the period's end after
 * one confirmation. It never says money moves: it shows the price of the plan, not a charge.
 */
export default async function SubscriptionCancelPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  if (!CANCEL_TOKEN_PATTERN.test(token)) notFound();
  const result = await getSubscriptionCancelClient().read(token);
  if (!result.ok && result.kind === "not_found") notFound();
  const language = await shopperLanguage(result.ok ? result.data.language : null);
  const { messages, dir } = subscriptionCancelLocale(language);
  const checkout = getCheckoutMessages(language);
  const failed = (await searchParams).failed !== undefined;
  if (!result.ok) {
    return (
      <div lang={language} dir={dir}>
        <CheckoutFrame messages={checkout} shop={null} nonce={null}>
          <StatusPanel tone="warning" title={messages.title}>
            <p>{messages.unavailable}</p>
          </StatusPanel>
        </CheckoutFrame>
      </div>
    );
  }
  const view = result.data;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  const paidUntil = view.active_to && new Date(view.active_to) > new Date() ? view.active_to : null;
  const shop = { name: view.shop_name, logo_url: null, color: null };
  const summary = (
    <dl className="subscription-cancel__summary">
      <dt>{messages.planLabel}</dt>
      <dd>
        <bdi>{view.plan.title}</bdi> ·{" "}
        <bdi dir="ltr">{formatAmount(view.plan.amount, view.plan.currency, language)}</bdi>
      </dd>
    </dl>
  );
  let content: React.ReactNode;
  if (view.state === "canceled") {
    content = (
      <StatusPanel tone="success" title={messages.canceledTitle}>
        <p>{messages.canceledBody}</p>
        {paidUntil ? <p>{interpolate(messages.canceledUntil, { date: date(paidUntil) })}</p> : null}
        {summary}
      </StatusPanel>
    );
  } else if (!view.cancelable) {
    content = (
      <StatusPanel tone="neutral" title={messages.endedTitle}>
        <p>{messages.endedBody}</p>
        {summary}
      </StatusPanel>
    );
  } else {
    content = (
      <StatusPanel tone="neutral" title={messages.title}>
        {summary}
        <p>{paidUntil ? interpolate(messages.explain, { date: date(paidUntil) }) : messages.explainNoDate}</p>
        {failed ? (
          <p role="alert" className="subscription-cancel__error">
            {messages.unavailable}
          </p>
        ) : null}
        <form action={cancelSubscriptionByLink.bind(null, token)}>
          <button type="submit" className="button button--primary">
            {messages.confirm}
          </button>
        </form>
      </StatusPanel>
    );
  }
  return (
    <div lang={language} dir={dir}>
      <CheckoutFrame messages={checkout} shop={shop} nonce={null}>
        {view.test ? <TestBadge messages={checkout} /> : null}
        {content}
      </CheckoutFrame>
    </div>
  );
}
