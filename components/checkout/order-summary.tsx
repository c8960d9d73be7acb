import {
  checkoutPurpose,
  isCardCheck,
  replacedCardText,
  subscriptionDueLines,
} from "@/lib/checkout/checkout-purpose";
import { type CheckoutMessages, interpolate } from "@/lib/checkout/messages";
import { subscriptionTermsText } from "@/lib/checkout/subscription-terms";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { Language } from "@/lib/contracts/languages";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { Isolated } from "./isolated";

/**
 * What is being paid for: description, amount in the currency's own decimals, a plan's terms in words for a
 * subscription, the merchant's order reference and receipt lines. A card check (a card stored, a free trial, a
 * card update) shows no amount as paid: a trial says what is due today and when the first charge is instead, a card
 * update the card it replaces.
 */
export function OrderSummary(props: {
  messages: CheckoutMessages;
  locale: string;
  order: {
    amount: number;
    currency: string;
    description: string;
    tracking_id: string | null;
    receipt_text?: string[];
  };
  /** A subscription's terms in words ("€10.00 every month"), under the amount; none for a single payment. */
  terms?: string | null;
  /** Whether the session charges nothing (checkout-purpose.ts): the order's amount is not shown. */
  cardCheck?: boolean;
  /** After a trial: what is due today, then the first charge and its date (subscriptionDueLines). */
  dueLines?: string[];
  /** A card update's line: the card it replaces ("Replaces Visa ending in 4242"). */
  replacedCard?: string | null;
  /**
   * The payment form's view: below 900 px the order folds into one line ("€49.99 · Details ▾") that opens it, so
   * the card fields and the button come first; from 900 px (beside the form) it is always open (checkout.css).
   */
  collapsible?: boolean;
}) {
  const { messages, order } = props;
  const [dueToday, firstCharge] = props.dueLines ?? [];
  const body = (
    <>
      {/* The merchant's strings, each in its own direction (bdi): never reordered by a right-to-left page. */}
      <p className="order-summary__description">
        <bdi>{order.description}</bdi>
      </p>
      {dueToday ? (
        <p className="order-summary__amount order-summary__amount--due" data-due="today">
          <Isolated text={dueToday} direction={messages.direction} />
        </p>
      ) : props.cardCheck ? null : (
        <p className="order-summary__amount">
          <span className="visually-hidden">{messages.page.amountLabel}: </span>
          {/* Amounts read left to right inside a right-to-left page too. */}
          <bdi dir="ltr">{formatAmount(order.amount, order.currency, props.locale)}</bdi>
        </p>
      )}
      {props.replacedCard ? (
        <p className="order-summary__replaced" data-card="replaced">
          <Isolated text={props.replacedCard} direction={messages.direction} />
        </p>
      ) : null}
      {props.terms ? (
        <p className="order-summary__terms">
          <Isolated text={props.terms} direction={messages.direction} />
        </p>
      ) : null}
      {firstCharge ? (
        <p className="order-summary__first-charge" data-due="first-charge">
          <Isolated text={firstCharge} direction={messages.direction} />
        </p>
      ) : null}
      {order.tracking_id ? (
        <p className="order-summary__reference">
          <Isolated
            text={interpolate(messages.page.orderReference, { reference: order.tracking_id })}
            direction={messages.direction}
          />
        </p>
      ) : null}
      {order.receipt_text && order.receipt_text.length > 0 ? (
        <ul className="order-summary__receipt">
          {order.receipt_text.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the merchant's lines, fixed for the session.
            <li key={index}>
              <bdi>{line}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
  // The folded line leads with what is paid now: the amount, what is due today, or (a card check) the description.
  const folded = dueToday ? (
    <Isolated text={dueToday} direction={messages.direction} />
  ) : props.cardCheck ? (
    <bdi>{order.description}</bdi>
  ) : (
    <bdi dir="ltr">{formatAmount(order.amount, order.currency, props.locale)}</bdi>
  );
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="visually-hidden">
        {messages.page.orderSummary}
      </h2>
      {props.collapsible ? (
        <details className="order-summary__details">
          <summary className="order-summary__fold">
            <span className="order-summary__fold-lead">{folded}</span>
            <span aria-hidden="true"> · </span>
            <span className="order-summary__fold-more">{messages.page.orderDetails}</span>
          </summary>
          {body}
        </details>
      ) : (
        body
      )}
    </section>
  );
}

/** The session's order as its pages show it, worded by what finishing it does (checkout-purpose.ts). */
export function SessionOrderSummary(props: {
  messages: CheckoutMessages;
  language: Language;
  view: ShopperCheckoutView;
  /** Folded into one line on a phone (the payment form's view). */
  collapsible?: boolean;
}) {
  const { messages, language, view } = props;
  const purpose = checkoutPurpose(view);
  return (
    <OrderSummary
      messages={messages}
      locale={language}
      order={view.order}
      terms={view.subscription_terms ? subscriptionTermsText(language, view.subscription_terms) : null}
      cardCheck={isCardCheck(purpose)}
      dueLines={subscriptionDueLines(view, messages, language)}
      replacedCard={replacedCardText(view, messages)}
      collapsible={props.collapsible}
    />
  );
}
