"use client";

import type { ChangeEvent } from "react";
import { useFormContext } from "react-hook-form";
import { brandDisplayName } from "@/lib/cards/brand";
import { describeCardNumber } from "@/lib/checkout/card-input";
import { describeFieldError } from "@/lib/checkout/error-messages";
import { caretAfterDigits, digitsOnly, formatExpiryInput } from "@/lib/checkout/format";
import type { CheckoutMessages, PaymentFieldName } from "@/lib/checkout/messages";
import { interpolate } from "@/lib/checkout/messages/interpolate";
import { type PaymentFormRules, type PaymentFormValues, usesSavedCard } from "@/lib/checkout/payment-fields";
import { describedBy, FormField, fieldId } from "./form-field";
import { Isolated } from "./isolated";

/** Rewrites the input's text in place before react-hook-form reads it, keeping the caret among the same digits. */
function reformat(event: ChangeEvent<HTMLInputElement>, format: (value: string) => string): void {
  const input = event.target;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = digitsOnly(input.value.slice(0, caret)).length;
  const formatted = format(input.value);
  if (formatted === input.value) return;
  input.value = formatted;
  const position = caretAfterDigits(formatted, digitsBefore);
  // Only the focused field has a caret to keep (autofill fills fields that are not focused).
  if (document.activeElement === input) input.setSelectionRange(position, position);
}

export function CardFields(props: {
  messages: CheckoutMessages;
  rules: PaymentFormRules;
  holderReadOnly: boolean;
  /** The contract's limit, passed in so this component does not load the contract module. */
  holderMaxLength: number;
}) {
  const { messages, rules } = props;
  const { register, watch, formState } = useFormContext<PaymentFormValues>();
  const card = describeCardNumber(watch("number"));
  const saved = rules.savedCard ?? null;
  const payingWithSaved = usesSavedCard(watch("card_choice"), rules);
  const codeLength = payingWithSaved && saved ? saved.securityCodeLength : card.securityCodeLength;
  // Where the code is printed: on the front for American Express, on the back for the other brands.
  const codeBrand = payingWithSaved && saved ? saved.brand : card.brand;
  const errorOf = (field: PaymentFieldName): string | undefined => {
    const message = formState.errors[field]?.message;
    if (message) {
      return describeFieldError(messages, field, message, { securityCodeLength: codeLength });
    }
    // All digits typed and still wrong: said at once rather than after leaving the field.
    if (field === "number" && card.wrongAtFullLength) return messages.fields.number.invalid;
    return undefined;
  };

  const number = register("number");
  const expiry = register("expiry");
  const codeDigits = { digits: codeLength };
  const numberError = errorOf("number");
  const expiryError = errorOf("expiry");
  const codeError = errorOf("verification_value");
  const holderError = errorOf("holder");

  const savedCardText = saved
    ? interpolate(messages.savedCard.card, { brand: brandDisplayName(saved.brand), last4: saved.last4 })
    : "";
  const numberField = (
    <FormField
      name="number"
      label={messages.fields.number.label}
      error={numberError}
      hint={
        <span className="card-brand" data-brand={card.brandName ?? ""}>
          <Isolated
            text={
              card.brandName
                ? interpolate(messages.card.brandDetected, { brand: card.brandName })
                : messages.card.brandUnknown
            }
            direction={messages.direction}
          />
        </span>
      }
    >
      {/* The detected brand's mark sits inside the field (drawn by the stylesheet, data-brand). */}
      <div className="card-number" data-brand={card.brand ?? ""}>
        <input
          {...number}
          id={fieldId("number")}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          // Card data reads left to right in every language (as printed on the card).
          dir="ltr"
          autoCorrect="off"
          spellCheck={false}
          maxLength={card.maxLength}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={describedBy("number", { hint: true, error: Boolean(numberError) })}
          className="input input--card-number"
          onChange={(event) => {
            reformat(event, (value) => describeCardNumber(value).formatted);
            return number.onChange(event);
          }}
        />
        <span className="brand-mark card-number__mark" aria-hidden="true" />
      </div>
    </FormField>
  );
  const expiryField = (
    <FormField
      name="expiry"
      label={messages.fields.expiry.label}
      hint={messages.fields.expiry.hint}
      error={expiryError}
    >
      <input
        {...expiry}
        id={fieldId("expiry")}
        type="text"
        inputMode="numeric"
        autoComplete="cc-exp"
        dir="ltr"
        placeholder={messages.fields.expiry.placeholder}
        maxLength={7}
        aria-invalid={expiryError ? true : undefined}
        aria-describedby={describedBy("expiry", { hint: true, error: Boolean(expiryError) })}
        className="input input--short"
        onChange={(event) => {
          // Deleting the slash must delete, not be undone by the formatter re-adding it.
          const native = event.nativeEvent as InputEvent;
          if (!native.inputType?.startsWith("delete")) reformat(event, formatExpiryInput);
          return expiry.onChange(event);
        }}
      />
    </FormField>
  );
  const codeField = (
    <FormField
      name="verification_value"
      label={messages.fields.verification_value.label}
      hint={
        <Isolated
          text={interpolate(
            codeBrand === "amex"
              ? messages.securityCode.front
              : codeBrand
                ? messages.securityCode.back
                : (messages.fields.verification_value.hint ?? ""),
            codeDigits,
          )}
          direction={messages.direction}
        />
      }
      error={codeError}
    >
      <input
        {...register("verification_value")}
        id={fieldId("verification_value")}
        type="text"
        inputMode="numeric"
        autoComplete="cc-csc"
        dir="ltr"
        maxLength={codeLength}
        aria-invalid={codeError ? true : undefined}
        aria-describedby={describedBy("verification_value", { hint: true, error: Boolean(codeError) })}
        className="input input--code"
      />
    </FormField>
  );
  const holderField = (
    <FormField
      name="holder"
      label={messages.fields.holder.label}
      hint={messages.fields.holder.hint}
      error={holderError}
      optionalText={rules.holderRequired || props.holderReadOnly ? undefined : messages.errors.optional}
      readOnlyText={props.holderReadOnly ? messages.errors.readOnly : undefined}
    >
      <input
        {...register("holder")}
        id={fieldId("holder")}
        type="text"
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={props.holderMaxLength}
        readOnly={props.holderReadOnly}
        aria-required={rules.holderRequired || undefined}
        aria-invalid={holderError ? true : undefined}
        aria-describedby={describedBy("holder", { hint: true, error: Boolean(holderError) })}
        className="input"
      />
    </FormField>
  );

  return (
    <>
      {saved && rules.anotherCardOffered ? (
        <fieldset className="card-choice">
          <legend className="field__label">{messages.savedCard.legend}</legend>
          <label className="card-choice__option">
            <input type="radio" value="saved" {...register("card_choice")} />
            {savedCardText}
          </label>
          <label className="card-choice__option">
            <input type="radio" value="new" {...register("card_choice")} />
            {messages.savedCard.another}
          </label>
        </fieldset>
      ) : saved ? (
        <p className="card-choice__saved">
          {messages.savedCard.legend}: {savedCardText}
          <input type="hidden" value="saved" {...register("card_choice")} />
        </p>
      ) : null}
      {/* Number on top, expiry and code side by side: one bordered group, as on the card itself. */}
      <div className={payingWithSaved ? undefined : "card-group"}>
        {payingWithSaved ? null : numberField}
        <div className="field-row">
          {payingWithSaved ? null : expiryField}
          {codeField}
        </div>
      </div>
      {payingWithSaved ? null : holderField}
    </>
  );
}
