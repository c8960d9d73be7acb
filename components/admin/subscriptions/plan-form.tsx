"use client";

import { useActionState, useEffect, useRef } from "react";
import { createPlanAction } from "@/components/admin/subscriptions/plan-actions";
import type { ActionResult } from "@/lib/admin/action-result";
import type { PlanFormField } from "@/lib/admin/plan-form";
import { CARD_CURRENCY_CODES } from "@/lib/contracts/currencies";
import type { ErrorTree } from "@/lib/contracts/errors";
import type { Plan } from "@/lib/contracts/subscription";
import { ErrorSummary, FormField, type SummaryItem } from "../form-field";

const LABELS: Record<PlanFormField, string> = {
  title: "Title",
  amount: "Price",
  currency: "Currency",
  interval: "Every",
  interval_unit: "Unit",
  trial_days: "Free trial (days)",
};

const inputId = (field: string) => `plan-${field}`;

function firstError(errors: ErrorTree | undefined, field: string): string | undefined {
  const value = errors?.[field];
  return Array.isArray(value) ? value[0] : undefined;
}

function summaryOf(result: ActionResult<Plan> | null): SummaryItem[] {
  if (!result || result.status === "ok") return [];
  if (result.status !== "invalid") return [{ message: result.message }];
  return Object.entries(result.errors).map(([field, value]) => {
    const message = Array.isArray(value) ? value[0] : "is invalid";
    return field === "base" || !(field in LABELS)
      ? { message }
      : { fieldId: inputId(field), message: `${LABELS[field as PlanFormField]} ${message}` };
  });
}

/** Creates a plan; the form's own checks and the gateway's refusals appear beside the fields they concern. */
export function PlanForm() {
  const [result, action, pending] = useActionState(createPlanAction, null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const errors = result?.status === "invalid" ? result.errors : undefined;
  const summary = summaryOf(result);
  useEffect(() => {
    if (result && result.status !== "ok") summaryRef.current?.focus();
  }, [result]);

  const field = (
    name: PlanFormField,
    input: (props: Record<string, unknown>) => React.ReactNode,
    hint?: string,
  ) => (
    <FormField id={inputId(name)} label={LABELS[name]} hint={hint} error={firstError(errors, name)}>
      {(described) => input({ id: inputId(name), name, ...described })}
    </FormField>
  );

  return (
    <form action={action} className="admin-form" aria-labelledby="new-plan-title" noValidate>
      {summary.length > 0 ? <ErrorSummary items={summary} summaryRef={summaryRef} /> : null}
      <fieldset className="admin-fieldset" disabled={pending}>
        <div className="admin-form__grid">
          {field("title", (props) => (
            <input {...props} type="text" required maxLength={255} autoComplete="off" />
          ))}
          {field(
            "amount",
            (props) => (
              <input {...props} type="text" inputMode="decimal" required autoComplete="off" />
            ),
            "Charged each period, in the currency's units, e.g. 9.99.",
          )}
          {field("currency", (props) => (
            <select {...props} defaultValue="EUR">
              {CARD_CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          ))}
          {field("interval", (props) => (
            <input {...props} type="number" min={1} step={1} inputMode="numeric" defaultValue={1} required />
          ))}
          {field("interval_unit", (props) => (
            <select {...props} defaultValue="month">
              <option value="hour">hours</option>
              <option value="day">days</option>
              <option value="week">weeks</option>
              <option value="month">months</option>
              <option value="year">years</option>
            </select>
          ))}
          {field(
            "trial_days",
            (props) => (
              <input {...props} type="number" min={1} max={365} step={1} inputMode="numeric" />
            ),
            "Leave empty for no trial.",
          )}
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {pending ? "Creating…" : "Create plan"}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
