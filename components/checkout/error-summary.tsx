"use client";

import { type MouseEvent, useEffect, useRef } from "react";
import { useFormContext } from "react-hook-form";
import { describeCardNumber } from "@/lib/checkout/card-input";
import { describeFieldError } from "@/lib/checkout/error-messages";
import type { CheckoutMessages, PaymentFieldName } from "@/lib/checkout/messages";
import {
  PAYMENT_FIELDS,
  type PaymentFormRules,
  type PaymentFormValues,
  usesSavedCard,
} from "@/lib/checkout/payment-fields";
import { fieldId } from "./form-field";

function focusField(event: MouseEvent<HTMLAnchorElement>, field: PaymentFieldName) {
  const input = document.getElementById(fieldId(field));
  if (!input) return;
  event.preventDefault();
  input.focus();
}

/**
 * Every problem of the last submission, in page order, each linking to its field. It takes focus when shown, and
 * its role makes screen readers read it at once.
 */
export function ErrorSummary(props: {
  messages: CheckoutMessages;
  rules: PaymentFormRules;
  /** Problems without a field, already worded for the shopper. */
  base: string[];
  /** Raised by each failed submission: the summary takes focus once it has something to say. */
  focusRequest: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focusedFor = useRef(0);
  const { formState, watch } = useFormContext<PaymentFormValues>();
  const savedCard = usesSavedCard(watch("card_choice"), props.rules) ? props.rules.savedCard : null;
  const securityCodeLength = savedCard
    ? savedCard.securityCodeLength
    : describeCardNumber(watch("number")).securityCodeLength;
  const fieldErrors = PAYMENT_FIELDS.flatMap((field) => {
    const message = formState.errors[field]?.message;
    return message
      ? [
          {
            field,
            text: describeFieldError(props.messages, field, message, { securityCodeLength }),
          },
        ]
      : [];
  });
  const rootMessage = formState.errors.root?.message;
  const base = rootMessage ? [...props.base, rootMessage] : props.base;
  const empty = fieldErrors.length === 0 && base.length === 0;

  // react-hook-form publishes a failed submission's errors after its callback returns, so focus waits for them.
  useEffect(() => {
    if (empty || props.focusRequest <= focusedFor.current) return;
    focusedFor.current = props.focusRequest;
    ref.current?.focus();
  });

  if (empty) return null;

  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {props.messages.errors.summaryTitle}
      </h2>
      <ul className="error-summary__list">
        {base.map((text) => (
          <li key={text}>{text}</li>
        ))}
        {fieldErrors.map(({ field, text }) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`} onClick={(event) => focusField(event, field)}>
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
