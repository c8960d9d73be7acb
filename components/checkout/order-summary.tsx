import { formatAmount } from "@/lib/checkout/format";
import { type CheckoutMessages, interpolate } from "@/lib/checkout/messages";

/** What is being paid for: description, amount in the currency's own decimals, the merchant's order reference. */
export function OrderSummary(props: {
  messages: CheckoutMessages;
  locale: string;
  order: { amount: number; currency: string; description: string; tracking_id: string | null };
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
      {order.tracking_id ? (
        <p className="order-summary__reference">
          {interpolate(messages.page.orderReference, { reference: order.tracking_id })}
        </p>
      ) : null}
    </section>
  );
}
