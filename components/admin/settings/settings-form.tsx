"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, type Path, type UseFormRegister, useForm } from "react-hook-form";
import { updateSettingsAction } from "@/components/admin/settings/actions";
import { fieldMessages } from "@/lib/admin/form-errors";
import {
  AUTHORIZATION_EXPIRY_RANGE,
  type EditableSettings,
  NEW_CARD_LIMIT_RANGE,
  type SettingsFormOutput,
  type SettingsFormValues,
  settingsFormIssueMessage,
  settingsFormSchema,
  toFormValues,
} from "@/lib/admin/settings-form";
import { brandDisplayName, CARD_BRANDS } from "@/lib/cards/brand";
import { REQUIRABLE_FIELDS, type RequirableField } from "@/lib/contracts/shop-settings";
import { SHOPPER_EMAIL_KINDS } from "@/lib/contracts/shopper-emails";
import { KIND_LABELS } from "../emails/kind-labels";
import { ErrorSummary, FormField, type SummaryItem } from "../form-field";
import { errorText, lineErrors } from "./form-errors";
import { SmartRoutingRules } from "./smart-routing-rules";

const REQUIRABLE_LABELS: Record<RequirableField, string> = {
  "credit_card.verification_value": "Card security code",
  "credit_card.holder": "Cardholder name",
  "customer.ip": "Customer IP address",
  "customer.email": "Customer e-mail",
  "customer.device_id": "Customer device id",
  "customer.birth_date": "Customer birth date",
  "billing_address.first_name": "Billing first name",
  "billing_address.last_name": "Billing last name",
  "billing_address.country": "Billing country",
  "billing_address.city": "Billing city",
  "billing_address.state": "Billing state (US and Canada)",
  "billing_address.zip": "Billing postal code",
  "billing_address.address": "Billing street address",
  "billing_address.phone": "Billing phone",
};

/** Where each top-level setting's errors are shown, for the summary's links. */
const FIELD_IDS: Record<string, string> = {
  three_d_secure: "settings-three-d-secure",
  required_fields: "settings-required-fields",
  "branding.name": "settings-branding-name",
  "branding.logo_url": "settings-branding-logo-url",
  "branding.color": "settings-branding-color",
  frame_ancestors: "settings-frame-ancestors",
  velocity_limit_per_minute: "settings-velocity-limit",
  new_card_limit_per_minute: "settings-new-card-limit",
  authorization_expiry_days: "settings-authorization-expiry",
  send_secret_key_in_webhooks: "settings-send-secret-key",
  customer_emails: "settings-customer-emails",
  "customer_emails.kinds": "settings-customer-emails",
  accepted_brands: "settings-accepted-brands",
  support_email: "settings-support-email",
  support_phone: "settings-support-phone",
  support_url: "settings-support-url",
};

/** A text setting of the shop's contact: its input, hint and error. */
type ContactSetting = "support_email" | "support_phone" | "support_url";

/** The settings typed as whole numbers (limits, days). */
type NumberSetting = "velocity_limit_per_minute" | "new_card_limit_per_minute" | "authorization_expiry_days";

/** A whole-number setting: a text field with the numeric keyboard (the schema parses it), its hint and error. */
function NumberField({
  id,
  label,
  hint,
  name,
  errors,
  register,
}: {
  id: string;
  label: string;
  hint: string;
  name: NumberSetting;
  errors: FieldErrors<SettingsFormValues>;
  register: UseFormRegister<SettingsFormValues>;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={errorText(errors, name)}>
      {(described) => (
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          {...described}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

function summaryFrom(errors: FieldErrors<SettingsFormValues>): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const [path, fieldId] of Object.entries(FIELD_IDS)) {
    const message = path === "frame_ancestors" ? lineErrors(errors, path) : errorText(errors, path);
    if (message) items.push({ fieldId, message });
  }
  const rules = errors.smart_routing_rules;
  if (rules) {
    items.push({ message: "Some smart-routing rules need attention (see the rules below)." });
  }
  return items;
}

export function SettingsForm({ settings }: { settings: EditableSettings }) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summary, setSummary] = useState<{ items: SummaryItem[]; shownAt: number }>({
    items: [],
    shownAt: 0,
  });
  const [saved, setSaved] = useState(false);
  const form = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema, { error: settingsFormIssueMessage }),
    defaultValues: toFormValues(settings),
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, formState, setError, reset, watch } = form;
  const errors = formState.errors;
  const colour = watch("branding.color");

  useEffect(() => {
    if (summary.shownAt > 0) summaryRef.current?.focus();
  }, [summary.shownAt]);

  const showSummary = (items: SummaryItem[]) => setSummary({ items, shownAt: Date.now() });

  const onValid = async () => {
    setSaved(false);
    setSummary({ items: [], shownAt: 0 });
    const result = await updateSettingsAction(form.getValues());
    if (result.status === "ok") {
      reset(toFormValues(result.data));
      setSaved(true);
      return;
    }
    if (result.status === "invalid") {
      const general: SummaryItem[] = [];
      for (const { path, message } of fieldMessages(result.errors)) {
        if (path) setError(path as Path<SettingsFormValues>, { type: "server", message });
        else general.push({ message });
      }
      // Read back through the same helpers the fields use, so the summary says exactly what the fields say.
      showSummary([...general, ...summaryFrom(form.formState.errors)]);
      return;
    }
    showSummary([{ message: result.message }]);
  };

  return (
    <form
      noValidate
      className="admin-form admin-form--full"
      aria-labelledby="settings-form-title"
      onSubmit={handleSubmit(onValid, (invalid) => showSummary(summaryFrom(invalid)))}
    >
      <h2 id="settings-form-title">Payment settings</h2>
      {summary.items.length > 0 ? (
        <ErrorSummary items={summary.items} summaryRef={summaryRef} title="The settings could not be saved" />
      ) : null}
      <div aria-live="polite">
        {saved && !formState.isDirty ? (
          <p className="admin-alert admin-alert--success" role="status">
            Settings saved.
          </p>
        ) : null}
      </div>

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>3-D Secure</legend>
        <div className="admin-check">
          <input id="settings-three-d-secure" type="checkbox" {...register("three_d_secure")} />
          <label htmlFor="settings-three-d-secure">Verify cards with 3-D Secure</label>
        </div>
        <p className="admin-muted">
          With 3-D Secure on, tokenization requests must carry a <code>return_url</code>. Smart-routing rules
          can skip or force it for some cards.
        </p>
      </fieldset>

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>Webhooks</legend>
        <div className="admin-check">
          <input
            id="settings-send-secret-key"
            type="checkbox"
            aria-describedby="settings-send-secret-key-hint"
            {...register("send_secret_key_in_webhooks")}
          />
          <label htmlFor="settings-send-secret-key">
            Send the secret key in webhooks' Authorization header
          </label>
        </div>
        <p id="settings-send-secret-key-hint" className="admin-muted">
          beGateway client libraries check it. Once your server verifies <code>Content-Signature</code> (or{" "}
          <code>webhook-signature</code>), turn it off: your webhook receiver then never holds your secret
          key.
        </p>
      </fieldset>

      <fieldset
        className="admin-fieldset admin-section"
        disabled={formState.isSubmitting}
        id="settings-required-fields"
        aria-describedby="settings-required-fields-hint"
      >
        <legend>Required fields</legend>
        <p id="settings-required-fields-hint" className="admin-muted">
          Fields your acquirer needs; requests and the payment page without them are refused.
        </p>
        <div className="admin-checks">
          {REQUIRABLE_FIELDS.map((field) => (
            <div key={field} className="admin-check">
              <input
                id={`settings-required-${field}`}
                type="checkbox"
                value={field}
                {...register("required_fields")}
              />
              <label htmlFor={`settings-required-${field}`}>{REQUIRABLE_LABELS[field]}</label>
            </div>
          ))}
        </div>
        {errorText(errors, "required_fields") ? (
          <p className="admin-field__error">{errorText(errors, "required_fields")}</p>
        ) : null}
      </fieldset>

      <fieldset
        className="admin-fieldset admin-section"
        disabled={formState.isSubmitting}
        id="settings-customer-emails"
        aria-describedby="settings-customer-emails-hint"
      >
        <legend>E-mails to shoppers</legend>
        <div className="admin-check">
          <input
            id="settings-customer-emails-enabled"
            type="checkbox"
            {...register("customer_emails.enabled")}
          />
          <label htmlFor="settings-customer-emails-enabled">Send e-mails to shoppers</label>
        </div>
        <p id="settings-customer-emails-hint" className="admin-muted">
          In the transaction&apos;s language, with your shop&apos;s name, colour and receipt lines. These
          kinds are sent:
        </p>
        <div className="admin-checks">
          {SHOPPER_EMAIL_KINDS.map((kind) => (
            <div key={kind} className="admin-check">
              <input
                id={`settings-customer-emails-${kind}`}
                type="checkbox"
                value={kind}
                {...register("customer_emails.kinds")}
              />
              <label htmlFor={`settings-customer-emails-${kind}`}>{KIND_LABELS[kind]}</label>
            </div>
          ))}
        </div>
        {errorText(errors, "customer_emails.kinds") ? (
          <p className="admin-field__error">{errorText(errors, "customer_emails.kinds")}</p>
        ) : null}
      </fieldset>

      <fieldset
        className="admin-fieldset admin-section"
        disabled={formState.isSubmitting}
        id="settings-accepted-brands"
        aria-describedby="settings-accepted-brands-hint"
      >
        <legend>Accepted cards</legend>
        <p id="settings-accepted-brands-hint" className="admin-muted">
          The payment page shows only these brands; a card of another brand is refused.
        </p>
        <div className="admin-checks">
          {CARD_BRANDS.map((brand) => (
            <div key={brand} className="admin-check">
              <input
                id={`settings-accepted-brand-${brand}`}
                type="checkbox"
                value={brand}
                {...register("accepted_brands")}
              />
              <label htmlFor={`settings-accepted-brand-${brand}`}>{brandDisplayName(brand)}</label>
            </div>
          ))}
        </div>
        {errorText(errors, "accepted_brands") ? (
          <p className="admin-field__error">{errorText(errors, "accepted_brands")}</p>
        ) : null}
      </fieldset>

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>Contact for shoppers</legend>
        <p className="admin-muted">
          On receipts (the e-mail, the result page and the receipt page); the site is also the way back from
          the receipt and payment-link pages. Empty: not shown.
        </p>
        <div className="admin-form__grid">
          {(
            [
              ["support_email", "settings-support-email", "Support e-mail", "email", "email"],
              ["support_phone", "settings-support-phone", "Support phone", "tel", "tel"],
              ["support_url", "settings-support-url", "Website or help page", "url", "url"],
            ] as const satisfies readonly (readonly [ContactSetting, string, string, string, string])[]
          ).map(([name, id, label, type, autoComplete]) => (
            <FormField key={name} id={id} label={label} error={errorText(errors, name)}>
              {(described) => (
                <input
                  id={id}
                  type={type}
                  autoComplete={autoComplete}
                  spellCheck={false}
                  {...described}
                  {...register(name)}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <SmartRoutingRules control={control} register={register} errors={errors} />

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>Branding of the payment page</legend>
        <div className="admin-form__grid">
          <FormField
            id="settings-branding-name"
            label="Shop name shown"
            error={errorText(errors, "branding.name")}
          >
            {(described) => (
              <input
                id="settings-branding-name"
                autoComplete="off"
                {...described}
                {...register("branding.name")}
              />
            )}
          </FormField>
          <FormField
            id="settings-branding-logo-url"
            label="Logo URL"
            hint="https address of an image."
            error={errorText(errors, "branding.logo_url")}
          >
            {(described) => (
              <input
                id="settings-branding-logo-url"
                type="url"
                autoComplete="off"
                spellCheck={false}
                {...described}
                {...register("branding.logo_url")}
              />
            )}
          </FormField>
          <FormField
            id="settings-branding-color"
            label="Colour"
            hint="Hex, e.g. #1f4fd1."
            error={errorText(errors, "branding.color")}
          >
            {(described) => (
              <span className="admin-colour">
                <input
                  id="settings-branding-color"
                  autoComplete="off"
                  spellCheck={false}
                  {...described}
                  {...register("branding.color")}
                />
                {/^#[0-9a-fA-F]{6}$/.test(colour) ? (
                  <svg width="24" height="24" aria-hidden="true" className="admin-colour__swatch">
                    <rect width="24" height="24" rx="4" fill={colour} />
                  </svg>
                ) : null}
              </span>
            )}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>Embedding</legend>
        <FormField
          id="settings-frame-ancestors"
          label="Sites allowed to show the payment page in an iframe"
          hint="One origin per line, e.g. https://shop.example.com. Empty: no site may frame it."
          error={lineErrors(errors, "frame_ancestors")}
        >
          {(described) => (
            <textarea
              id="settings-frame-ancestors"
              rows={3}
              spellCheck={false}
              {...described}
              {...register("frame_ancestors")}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>Card-testing defence</legend>
        <NumberField
          id="settings-velocity-limit"
          label="Most card requests a minute"
          hint="Tokenizations, payments and authorizations together; requests past it are refused with 429 until the minute ends. Empty: no limit."
          name="velocity_limit_per_minute"
          errors={errors}
          register={register}
        />
        <NumberField
          id="settings-new-card-limit"
          label="Most new cards a minute"
          hint={`Card numbers the shop has not sent in the last 24 hours, on the API and the payment page; past it every card is refused with 429 until the minute ends. ${NEW_CARD_LIMIT_RANGE.min} to ${NEW_CARD_LIMIT_RANGE.max.toLocaleString("en")}; 0 turns it off.`}
          name="new_card_limit_per_minute"
          errors={errors}
          register={register}
        />
      </fieldset>

      <fieldset className="admin-fieldset admin-section" disabled={formState.isSubmitting}>
        <legend>Authorizations</legend>
        <NumberField
          id="settings-authorization-expiry"
          label="Days an authorization can be captured"
          hint={`Counted from each authorization's creation; after that it can no longer be captured or voided. A change applies to every authorization from the next capture or void on. ${AUTHORIZATION_EXPIRY_RANGE.min} to ${AUTHORIZATION_EXPIRY_RANGE.max}.`}
          name="authorization_expiry_days"
          errors={errors}
          register={register}
        />
      </fieldset>

      <div className="admin-form__actions">
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={formState.isSubmitting}
        >
          {formState.isSubmitting ? "Saving…" : "Save settings"}
        </button>
      </div>
    </form>
  );
}
