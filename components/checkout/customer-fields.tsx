"use client";

import type { HTMLInputTypeAttribute } from "react";
import { useFormContext } from "react-hook-form";
import { describeFieldError } from "@/lib/checkout/error-messages";
import type { CheckoutMessages } from "@/lib/checkout/messages";
import { type PaymentFormRules, type PaymentFormValues, stateApplies } from "@/lib/checkout/payment-fields";
import type { PlaceOption, RegionOptions } from "@/lib/checkout/places";
import type { CheckoutCustomerField } from "@/lib/contracts/checkout";
import { describedBy, FormField, fieldId } from "./form-field";

interface InputSpec {
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  maxLength?: number;
  inputMode?: "email" | "tel" | "numeric" | "text";
}

// Lengths are the gateway's limits (lib/contracts), so the browser stops where the gateway would refuse.
const INPUTS: Record<Exclude<CheckoutCustomerField, "country" | "state">, InputSpec> = {
  email: { type: "email", autoComplete: "email", maxLength: 255, inputMode: "email" },
  first_name: { type: "text", autoComplete: "given-name", maxLength: 30 },
  last_name: { type: "text", autoComplete: "family-name", maxLength: 30 },
  address: { type: "text", autoComplete: "street-address", maxLength: 255 },
  city: { type: "text", autoComplete: "address-level2", maxLength: 60 },
  zip: { type: "text", autoComplete: "postal-code", maxLength: 255 },
  phone: { type: "tel", autoComplete: "tel", maxLength: 100, inputMode: "tel" },
  birth_date: { type: "date", autoComplete: "bday" },
};

/**
 * The customer and billing fields the session shows, in the order of `CHECKOUT_CUSTOMER_FIELDS`: required per the
 * shop, read-only as the session says, the state only for the United States and Canada.
 */
export function CustomerFields(props: {
  messages: CheckoutMessages;
  rules: PaymentFormRules;
  readOnly: CheckoutCustomerField[];
  countries: PlaceOption[] | null;
  regions: RegionOptions | null;
}) {
  const { messages, rules } = props;
  const { register, watch, formState, setValue } = useFormContext<PaymentFormValues>();
  const country = watch("country");

  const fields = rules.visible.filter((field) => field !== "state" || stateApplies(country));
  return (
    <>
      {fields.map((field) => {
        const required = rules.required.includes(field);
        const readOnly = props.readOnly.includes(field);
        const contractMessage = formState.errors[field]?.message;
        const error = contractMessage ? describeFieldError(messages, field, contractMessage) : undefined;
        const hint = field === "zip" && country === "US" ? messages.fields.zip.hint : undefined;
        const label =
          field === "state" && country === "CA"
            ? messages.fields.state.labelCanada
            : messages.fields[field].label;
        const common = {
          id: fieldId(field),
          "aria-invalid": error ? true : undefined,
          "aria-required": required || undefined,
          "aria-describedby": describedBy(field, { hint: Boolean(hint), error: Boolean(error) }),
        } as const;

        let control: React.ReactNode;
        if (field === "country" || field === "state") {
          const options =
            field === "country" ? (props.countries ?? []) : (props.regions?.[country as "US" | "CA"] ?? []);
          const registered = register(field, {
            onChange:
              field === "country" ? () => setValue("state", "", { shouldValidate: false }) : undefined,
          });
          control = (
            <select
              {...registered}
              {...common}
              autoComplete={field === "country" ? "country" : "address-level1"}
              // A select cannot be read-only; the shop's value stays the only choice instead.
              className="input input--select"
            >
              {readOnly ? null : <option value="">—</option>}
              {options
                .filter((option) => !readOnly || option.code === watch(field))
                .map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
            </select>
          );
        } else {
          const spec = INPUTS[field];
          control = (
            <input
              {...register(field)}
              {...common}
              type={spec.type}
              autoComplete={spec.autoComplete}
              inputMode={spec.inputMode}
              maxLength={spec.maxLength}
              readOnly={readOnly}
              className={field === "zip" || field === "birth_date" ? "input input--short" : "input"}
            />
          );
        }

        return (
          <FormField
            key={field}
            name={field}
            label={label}
            hint={hint}
            error={error}
            optionalText={required || readOnly ? undefined : messages.errors.optional}
            readOnlyText={readOnly ? messages.errors.readOnly : undefined}
          >
            {control}
          </FormField>
        );
      })}
    </>
  );
}
