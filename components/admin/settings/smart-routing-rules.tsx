"use client";

import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { brandName } from "@/lib/admin/format";
import {
  EMPTY_RULE,
  type MatchKey,
  type SettingsFormOutput,
  type SettingsFormValues,
} from "@/lib/admin/settings-form";
import { CARD_BRANDS } from "@/lib/cards/brand";
import { MAX_SMART_ROUTING_RULES, SMART_ROUTING_ACTIONS } from "@/lib/contracts/shop-settings";
import { FormField } from "../form-field";
import { errorText } from "./form-errors";

const ACTION_LABELS: Record<(typeof SMART_ROUTING_ACTIONS)[number], string> = {
  skip_3ds: "Skip 3-D Secure",
  force_3ds: "Force 3-D Secure",
  decline: "Decline",
};

const MATCH_LABELS: Record<MatchKey, string> = {
  brand: "Card brand",
  issuer_country: "Issuer country",
  bin: "BIN",
  currency: "Currency",
  amount_min: "Amount from",
  amount_max: "Amount up to",
};

const MATCH_HINTS: Partial<Record<MatchKey, string>> = {
  issuer_country: "Two letters, e.g. DE.",
  bin: "6 to 8 first digits.",
  currency: "Three letters, e.g. EUR.",
  amount_min: "Minor units (cents), inclusive.",
  amount_max: "Minor units (cents), inclusive.",
};

/**
 * An ordered list of rules; the first whose every given condition holds decides. Rules move with buttons rather
 * than drag and drop, so the order can be changed from the keyboard and is announced.
 */
export function SmartRoutingRules({
  control,
  register,
  errors,
}: {
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}) {
  const rules = useFieldArray({ control, name: "smart_routing_rules" });

  return (
    <fieldset className="admin-fieldset admin-section">
      <legend>Smart routing</legend>
      <p className="admin-muted">
        Rules are checked in order and the first one that matches decides. A rule matches when all of its
        conditions hold; leave a condition empty to ignore it.
      </p>
      {rules.fields.length === 0 ? <p>No rules: every transaction follows the 3-D Secure setting.</p> : null}
      <ol className="admin-rules">
        {rules.fields.map((field, index) => {
          const base = `smart_routing_rules.${index}` as const;
          const id = (name: string) => `rule-${field.id}-${name}`;
          const matchError = errorText(errors, `${base}.match`);
          return (
            <li key={field.id} className="admin-rule">
              <fieldset className="admin-fieldset">
                <legend>Rule {index + 1}</legend>
                {matchError ? (
                  <p className="admin-field__error" id={id("match-error")}>
                    {matchError}
                  </p>
                ) : null}
                <div className="admin-form__grid">
                  <FormField id={id("action")} label="Action" error={errorText(errors, `${base}.action`)}>
                    {(described) => (
                      <select id={id("action")} {...described} {...register(`${base}.action`)}>
                        {SMART_ROUTING_ACTIONS.map((action) => (
                          <option key={action} value={action}>
                            {ACTION_LABELS[action]}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField
                    id={id("brand")}
                    label={MATCH_LABELS.brand}
                    error={errorText(errors, `${base}.match.brand`)}
                  >
                    {(described) => (
                      <select id={id("brand")} {...described} {...register(`${base}.match.brand`)}>
                        <option value="">Any brand</option>
                        {CARD_BRANDS.map((brand) => (
                          <option key={brand} value={brand}>
                            {brandName(brand)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  {(["issuer_country", "bin", "currency", "amount_min", "amount_max"] as const).map((key) => (
                    <FormField
                      key={key}
                      id={id(key)}
                      label={MATCH_LABELS[key]}
                      hint={MATCH_HINTS[key]}
                      error={errorText(errors, `${base}.match.${key}`)}
                    >
                      {(described) => (
                        <input
                          id={id(key)}
                          inputMode={key === "bin" || key.startsWith("amount") ? "numeric" : undefined}
                          autoComplete="off"
                          spellCheck={false}
                          {...described}
                          {...register(`${base}.match.${key}`)}
                        />
                      )}
                    </FormField>
                  ))}
                </div>
                <div className="admin-actions-row">
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    onClick={() => rules.move(index, index - 1)}
                    disabled={index === 0}
                  >
                    Move up<span className="admin-visually-hidden"> rule {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    onClick={() => rules.move(index, index + 1)}
                    disabled={index === rules.fields.length - 1}
                  >
                    Move down<span className="admin-visually-hidden"> rule {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--quiet"
                    onClick={() => rules.remove(index)}
                  >
                    Remove<span className="admin-visually-hidden"> rule {index + 1}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="admin-button"
        onClick={() => rules.append(structuredClone(EMPTY_RULE))}
        disabled={rules.fields.length >= MAX_SMART_ROUTING_RULES}
      >
        Add a rule
      </button>
    </fieldset>
  );
}
