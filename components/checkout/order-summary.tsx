import { type CheckoutMessages, interpolate } from "@/lib/checkout/messages";
import { formatAmount } from "@/lib/contracts/format-amount";
import { Isolated } from "./isolated";

/**
 * What is being paid for: description, amount in the currency's own decimals, a plan's terms in words for a
 * subscription, the merchant's order reference and receipt lines.
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
}) {
  const { messages, order } = props;
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="visually-hidden">
        {messages.page.orderSummary}
      </h2>
      <p className="order-summary__description">{order.description}</p>
      <p className="order-summary__amount">
        <span className="visually-hidden">{messages.page.amountLabel}: </span>
        {/* Amounts read left to right inside a right-to-left page too. */}
        <bdi dir="ltr">{formatAmount(order.amount, order.currency, props.locale)}</bdi>
      </p>
      {props.terms ? (
        <p className="order-summary__terms">
          <Isolated text={props.terms} direction={messages.direction} />
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
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
