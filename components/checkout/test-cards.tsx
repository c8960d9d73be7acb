"use client";

import { useFormContext } from "react-hook-form";
import { describeCardNumber } from "@/lib/checkout/card-input";
import type { CheckoutMessages } from "@/lib/checkout/messages";
import { interpolate } from "@/lib/checkout/messages/interpolate";
import type { PaymentFormValues } from "@/lib/checkout/payment-fields";
import { testCardsFor } from "@/lib/checkout/test-cards";
import { fieldId } from "./form-field";
import { Isolated } from "./isolated";

/**
 * Test mode only: a slim band, folded by default ("Test mode — fill in a test card"), that opens to a line saying
 * no real payment happens and buttons that fill in a test card. A native disclosure: it opens without script too.
 */
export function TestCards(props: {
  messages: CheckoutMessages;
  expiry: string;
  /** Whether the session's attempts go through 3-D Secure (the shopper view's `three_d_secure`). */
  threeDSecure: boolean;
  /** Called when a card is filled in, so the form's rules start loading. */
  onUse: () => void;
}) {
  const { messages } = props;
  const { setValue, clearErrors } = useFormContext<PaymentFormValues>();
  const fill = (number: string) => {
    props.onUse();
    const options = { shouldDirty: true, shouldTouch: true } as const;
    // A test card is another card than a session's saved one.
    setValue("card_choice", "new", options);
    setValue("number", describeCardNumber(number).formatted, options);
    setValue("expiry", props.expiry, options);
    setValue("verification_value", "123", options);
    clearErrors(["number", "expiry", "verification_value"]);
    document.getElementById(fieldId("number"))?.focus();
  };
  return (
    <details className="test-mode">
      <summary className="test-mode__summary">{messages.testBand.summary}</summary>
      <p className="test-mode__banner">{messages.testMode.banner}</p>
      <p className="test-mode__hint">{messages.testMode.cardsHint}</p>
      <ul className="test-mode__cards">
        {testCardsFor(props.threeDSecure).map((card) => (
          <li key={card.number}>
            <button type="button" className="button button--small" onClick={() => fill(card.number)}>
              <Isolated
                text={interpolate(messages.testMode.fillButton, {
                  number: describeCardNumber(card.number).formatted,
                  outcome: messages.testMode.outcomes[card.outcome],
                })}
                direction={messages.direction}
              />
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
