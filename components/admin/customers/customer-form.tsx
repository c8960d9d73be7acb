"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { createCustomerAction } from "@/components/admin/customers/actions";
import {
  type CustomerFormField,
  type CustomerFormOutput,
  type CustomerFormValues,
  customerFormSchema,
  EMPTY_CUSTOMER_FORM,
  isCustomerFormField,
} from "@/lib/admin/customer-form";
import { fieldMessages, fieldSentence } from "@/lib/admin/form-errors";
import { adminKeys } from "@/lib/admin/queries";
import type { PlaceOption, RegionOptions } from "@/lib/checkout/places";
import { ErrorSummary, FormField, type SummaryItem } from "../form-field";

const LABELS: Record<CustomerFormField, string> = {
  email: "E-mail",
  ip: "IP address",
  first_name: "First name",
  last_name: "Last name",
  phone: "Phone",
  address: "Street address",
  city: "City",
  country: "Country",
  state: "State or province",
  zip: "Postal code",
  external_id: "Your customer id",
};

const AUTOCOMPLETE: Partial<Record<CustomerFormField, string>> = {
  email: "off",
  first_name: "off",
  last_name: "off",
  phone: "off",
  address: "off",
  city: "off",
  zip: "off",
};

const HINTS: Partial<Record<CustomerFormField, string>> = {
  ip: "Of the customer's device, IPv4 or IPv6.",
  zip: "In the US: 12345 or 12345-6789.",
  external_id: "Your own id for this customer, unique in your shop.",
};

const inputId = (field: CustomerFormField) => `customer-${field}`;

function summaryFromFormErrors(errors: FieldErrors<CustomerFormValues>): SummaryItem[] {
  return Object.entries(errors).flatMap(([field, error]) =>
    isCustomerFormField(field) && error?.message
      ? [{ fieldId: inputId(field), message: fieldSentence(field, String(error.message)) ?? "" }]
      : [],
  );
}

export function CustomerForm({ countries, regions }: { countries: PlaceOption[]; regions: RegionOptions }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summary, setSummary] = useState<{ items: SummaryItem[]; shownAt: number }>({
    items: [],
    shownAt: 0,
  });
  const form = useForm<CustomerFormValues, unknown, CustomerFormOutput>({
    resolver: zodResolver(customerFormSchema),
    defaultValues: EMPTY_CUSTOMER_FORM,
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, setError, watch, setValue } = form;
  const country = watch("country");
  const stateOptions = country === "US" || country === "CA" ? regions[country] : null;

  useEffect(() => {
    if (summary.shownAt > 0) summaryRef.current?.focus();
  }, [summary.shownAt]);

  useEffect(() => {
    // A state only exists for US and Canadian addresses; a stale one would be refused with the next country.
    if (!stateOptions) setValue("state", "");
  }, [stateOptions, setValue]);

  const showSummary = (items: SummaryItem[]) => setSummary({ items, shownAt: Date.now() });

  const onValid = async () => {
    setSummary({ items: [], shownAt: 0 });
    const result = await createCustomerAction(form.getValues());
    if (result.status === "ok") {
      const customer = result.data;
      queryClient.setQueryData(adminKeys.customer(customer.id), customer);
      await queryClient.invalidateQueries({ queryKey: adminKeys.customerLists() });
      router.push(`/admin/customers/${customer.id}?created=1`);
      return;
    }
    if (result.status === "invalid") {
      const items: SummaryItem[] = [];
      for (const { path, message } of fieldMessages(result.errors)) {
        if (path && isCustomerFormField(path)) {
          setError(path, { type: "server", message: message });
          items.push({ fieldId: inputId(path), message });
        } else {
          items.push({ message });
        }
      }
      showSummary(items.length > 0 ? items : [{ message: result.message }]);
      return;
    }
    showSummary([{ message: result.message }]);
  };

  const errorOf = (field: CustomerFormField): string | undefined => {
    const error = formState.errors[field];
    if (!error?.message) return undefined;
    // Server messages arrive as full sentences already; the schema's own are bare ("can't be blank").
    return error.type === "server" ? String(error.message) : fieldSentence(field, String(error.message));
  };

  const textField = (field: CustomerFormField, options: { type?: string; required?: boolean } = {}) => (
    <FormField
      id={inputId(field)}
      label={`${LABELS[field]}${options.required ? "" : " (optional)"}`}
      hint={HINTS[field]}
      error={errorOf(field)}
    >
      {(described) => (
        <input
          id={inputId(field)}
          type={options.type ?? "text"}
          autoComplete={AUTOCOMPLETE[field] ?? "off"}
          spellCheck={false}
          aria-required={options.required || undefined}
          {...described}
          {...register(field)}
        />
      )}
    </FormField>
  );

  return (
    <form
      noValidate
      className="admin-form"
      aria-labelledby="new-customer-title"
      onSubmit={handleSubmit(onValid, (errors) => showSummary(summaryFromFormErrors(errors)))}
    >
      {summary.items.length > 0 ? <ErrorSummary items={summary.items} summaryRef={summaryRef} /> : null}
      <fieldset disabled={formState.isSubmitting} className="admin-fieldset">
        <legend className="admin-visually-hidden">Customer</legend>
        <div className="admin-form__grid">
          {textField("email", { type: "email", required: true })}
          {textField("ip", { required: true })}
          {textField("first_name")}
          {textField("last_name")}
          {textField("phone", { type: "tel" })}
          {textField("external_id")}
          {textField("address")}
          {textField("city")}
          <FormField id={inputId("country")} label="Country (optional)" error={errorOf("country")}>
            {(described) => (
              <select id={inputId("country")} {...described} {...register("country")}>
                <option value="">Not given</option>
                {countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {stateOptions ? (
            <FormField id={inputId("state")} label="State or province (optional)" error={errorOf("state")}>
              {(described) => (
                <select id={inputId("state")} {...described} {...register("state")}>
                  <option value="">Not given</option>
                  {stateOptions.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : null}
          {textField("zip")}
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {formState.isSubmitting ? "Creating…" : "Create customer"}
          </button>
        </div>
      </fieldset>
      <p className="admin-visually-hidden" aria-live="polite">
        {formState.isSubmitting ? "Creating the customer…" : ""}
      </p>
    </form>
  );
}
