"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { startTransition, useActionState, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type FieldErrors,
  FormProvider,
  type Resolver,
  type SubmitErrorHandler,
  useForm,
} from "react-hook-form";
import { payForCheckout } from "@/components/checkout/actions";
import type { CheckoutMessages } from "@/lib/checkout/messages";
import { PAYMENT_FIELDS, type PaymentFormRules, type PaymentFormValues } from "@/lib/checkout/payment-fields";
import type { PaymentActionState } from "@/lib/checkout/payment-state";
import type { PlaceOption, RegionOptions } from "@/lib/checkout/places";
import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import { CancelForm } from "./cancel-form";
import { CardFields } from "./card-fields";
import { CustomerFields } from "./customer-fields";
import { ErrorSummary } from "./error-summary";
import { Isolated } from "./isolated";
import { SaveCardChoice } from "./save-card-choice";
import { TestCards } from "./test-cards";

export interface PaymentFormProps {
  token: string;
  messages: CheckoutMessages;
  rules: PaymentFormRules;
  readOnly: { fields: CheckoutCustomerField[]; holder: boolean };
  initialValues: PaymentFormValues;
  /** "Pay €32.45", formatted on the server in the session's language. */
  payLabel: string;
  /** The button's text while the attempt is under way ("Processing payment…", "Checking card…"). */
  busyLabel: string;
  /** "Save this card for future payments at {shop}", where the session offers the choice; null elsewhere. */
  saveCardLabel: string | null;
  /** Test sessions show the test cards; the expiry they fill in is chosen on the server. */
  testCardExpiry: string | null;
  /** The cancel button's texts: drawn after the form, disabled while an attempt is under way. */
  cancel: Omit<Parameters<typeof CancelForm>[0], "token" | "direction" | "disabled" | "merchant">;
  /** Whether attempts go through 3-D Secure: the test band offers its cards only then. */
  threeDSecure: boolean;
  countries: PlaceOption[] | null;
  regions: RegionOptions | null;
  /**
   * "Your card will be saved and {shop} may charge it for future payments": a session that keeps the card for later
   * charges without a save-card choice says so before the button. Null elsewhere.
   */
  keepsCardNotice: string | null;
  /** The shop's name, isolated whole where a text names it (the notice that the card is kept). */
  shopName?: string;
  /** Shown above the form when the page opens, e.g. after a declined 3-D Secure attempt. */
  notice: string | null;
  holderMaxLength: number;
}

const INITIAL_STATE: PaymentActionState = { status: "idle" };

function serverFieldErrors(fields: Extract<PaymentActionState, { status: "invalid" }>["fields"]) {
  const errors: FieldErrors<PaymentFormValues> = {};
  for (const [field, messages] of Object.entries(fields)) {
    const first = messages?.[0];
    if (first) errors[field as keyof PaymentFormValues] = { type: "server", message: first };
  }
  return errors;
}

type PaymentSchema = Awaited<ReturnType<typeof loadSchema>>;

function loadSchema(rules: PaymentFormRules) {
  return import("@/lib/checkout/browser-validation").then((module) => module.browserPaymentSchema(rules));
}

/**
 * The card form. react-hook-form validates in the browser with the same rules the server action applies again;
 * the action forwards the payment to the gateway and either redirects (3-D Secure, result, merchant) or answers
 * with errors for the fields, a decline, or a problem the shopper can only retry.
 */
export function PaymentForm(props: PaymentFormProps) {
  const { messages } = props;
  // The rules arrive with the shopper's first focus on the form (or, at the latest, on submit).
  const schema = useRef<Promise<PaymentSchema> | null>(null);
  const { rules } = props;
  const ensureSchema = useCallback(() => {
    schema.current ??= loadSchema(rules);
    return schema.current;
  }, [rules]);
  const resolver = useCallback<Resolver<PaymentFormValues>>(
    async (values, context, options) => {
      let loaded: PaymentSchema;
      try {
        loaded = await ensureSchema();
      } catch {
        // The rules could not be fetched (a dropped connection): the server action judges with the same ones.
        schema.current = null;
        return { values, errors: {} };
      }
      return zodResolver(loaded)(values, context, options);
    },
    [ensureSchema],
  );
  const [state, submitPayment, pending] = useActionState(payForCheckout, INITIAL_STATE);
  const form = useForm<PaymentFormValues>({
    resolver,
    defaultValues: props.initialValues,
    // The first render's errors: what the server said of a post made without JavaScript (the page is then
    // rendered by the server with the action's answer, and no effect below ever runs).
    errors: useMemo(
      () => (state.status === "invalid" ? serverFieldErrors(state.fields) : undefined),
      [state],
    ),
    // Judged on submit, then on every change: an error appearing when a field loses focus would move the Pay
    // button away from under the pointer that is clicking it.
    mode: "onSubmit",
    reValidateMode: "onChange",
    // Focus goes to the error summary instead, which lists every problem with a link to its field.
    shouldFocusError: false,
  });
  const [summaryShown, setSummaryShown] = useState(state.status === "invalid");
  const [focusRequest, setFocusRequest] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The server's verdict: the summary for errors; after a decline the typed card stays (a typo to fix, or the same
  // card to try again), only its security code is cleared: never kept past the attempt it was typed for.
  useEffect(() => {
    if (state.status === "invalid") {
      // (The errors reach the fields through useForm's `errors` option.)
      setSummaryShown(true);
      setFocusRequest((count) => count + 1);
    } else if (state.status === "declined") {
      form.resetField("verification_value", { defaultValue: "" });
      setSummaryShown(false);
      noticeRef.current?.focus();
    } else if (state.status === "error") {
      noticeRef.current?.focus();
    }
  }, [state, form]);

  const onValid = (values: PaymentFormValues) => {
    setSummaryShown(false);
    const data = new FormData();
    data.set("token", props.token);
    for (const field of PAYMENT_FIELDS) data.set(field, values[field]);
    if (values.card_choice) data.set("card_choice", values.card_choice);
    if (values.save_card) data.set("save_card", "on");
    // Inside a merchant's frame the session ends on the result page, which hands the next URL to the frame's parent.
    if (window.parent !== window) data.set("framed", "1");
    startTransition(() => submitPayment(data));
  };
  const onInvalid: SubmitErrorHandler<PaymentFormValues> = () => {
    setSummaryShown(true);
    setFocusRequest((count) => count + 1);
  };

  const serverBase = state.status === "invalid" ? state.base : [];
  const notice =
    state.status === "declined" || state.status === "error"
      ? state.message
      : state.status === "idle"
        ? props.notice
        : null;
  const busy = pending || form.formState.isSubmitting;

  return (
    <FormProvider {...form}>
      {notice ? (
        <div ref={noticeRef} className="notice notice--warning" role="alert" tabIndex={-1}>
          <Isolated text={notice} direction={messages.direction} />
        </div>
      ) : null}
      {summaryShown ? (
        <ErrorSummary messages={messages} rules={rules} base={serverBase} focusRequest={focusRequest} />
      ) : null}
      {/* A session that must be paid with its saved card has no card to fill in. */}
      {props.testCardExpiry && (!rules.savedCard || rules.anotherCardOffered) ? (
        <TestCards
          messages={messages}
          expiry={props.testCardExpiry}
          threeDSecure={props.threeDSecure}
          onUse={ensureSchema}
        />
      ) : null}
      {/* The action makes the form a POST to the server action before the page's script runs (or without
          JavaScript): a form without one would send the card number in the address. With the script,
          handleSubmit prevents that post and validates first. */}
      <form
        className="payment-form"
        noValidate
        aria-busy={busy}
        action={submitPayment}
        onFocus={ensureSchema}
        onSubmit={form.handleSubmit(onValid, onInvalid)}
      >
        <input type="hidden" name="token" value={props.token} />
        <fieldset className="payment-form__group" disabled={busy}>
          <legend>{messages.page.paymentDetails}</legend>
          <CardFields
            messages={messages}
            rules={props.rules}
            holderReadOnly={props.readOnly.holder}
            holderMaxLength={props.holderMaxLength}
          />
          {props.saveCardLabel ? <SaveCardChoice label={props.saveCardLabel} /> : null}
        </fieldset>
        {props.rules.visible.length > 0 ? (
          <fieldset className="payment-form__group" disabled={busy}>
            <legend>{messages.page.contactDetails}</legend>
            <CustomerFields
              messages={messages}
              rules={props.rules}
              readOnly={props.readOnly.fields}
              countries={props.countries}
              regions={props.regions}
            />
          </fieldset>
        ) : null}
        {props.keepsCardNotice ? (
          <p className="stored-credential" id="stored-credential-notice">
            <Isolated
              text={props.keepsCardNotice}
              direction={messages.direction}
              merchant={[props.shopName]}
            />
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary payment-form__submit"
          disabled={busy}
          aria-describedby={props.keepsCardNotice ? "stored-credential-notice" : undefined}
        >
          {busy ? props.busyLabel : <Isolated text={props.payLabel} direction={messages.direction} />}
        </button>
        <p className="visually-hidden" role="status">
          {busy ? props.busyLabel : ""}
        </p>
      </form>
      <CancelForm
        token={props.token}
        {...props.cancel}
        direction={messages.direction}
        merchant={props.shopName ? [props.shopName] : []}
        disabled={busy}
      />
    </FormProvider>
  );
}
