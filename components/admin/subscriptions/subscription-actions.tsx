"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import {
  changePlanAction,
  pauseSubscriptionAction,
  resumeSubscriptionAction,
} from "@/components/admin/subscriptions/actions";
import type { ActionResult } from "@/lib/admin/action-result";
import type { ErrorTree } from "@/lib/contracts/errors";

/** The first message of an action's refusal, field by field as the gateway nested it. */
function refusal(result: ActionResult<unknown>): string {
  if (result.status === "ok") return "";
  if (result.status !== "invalid") return result.message;
  const flatten = (tree: ErrorTree, path: string[]): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.map((text) => `${[...path, key].filter((part) => part !== "base").join(".")} ${text}`.trim())
        : flatten(value as ErrorTree, [...path, key]),
    );
  return flatten(result.errors, []).join("; ") || result.message;
}

/** One action asked for in two steps: the button, then "Yes" on a line that says what will happen. */
function Confirmed(props: {
  id: string;
  label: string;
  confirmText: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <div className="admin-actions-row" role="alertdialog" aria-labelledby={`${props.id}-confirm`}>
      <p id={`${props.id}-confirm`}>{props.confirmText}</p>
      <button
        type="button"
        className="admin-button admin-button--primary"
        disabled={props.pending}
        onClick={() => {
          setConfirming(false);
          props.onConfirm();
        }}
      >
        Yes
      </button>
      <button
        type="button"
        className="admin-button"
        disabled={props.pending}
        onClick={() => setConfirming(false)}
      >
        No
      </button>
    </div>
  ) : (
    <button
      type="button"
      className="admin-button"
      disabled={props.pending || props.disabled}
      onClick={() => setConfirming(true)}
    >
      {props.label}
    </button>
  );
}

/**
 * Plan change, pause and resume of one subscription, each confirmed before it is sent; the page is read again after
 * each (its state, plan and timeline).
 */
export function SubscriptionActions(props: {
  id: string;
  state: string;
  currentPlanId: string;
  /** The shop's plans of the subscription's currency. */
  plans: { id: string; title: string; price: string }[];
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [planId, setPlanId] = useState("");
  const [proration, setProration] = useState("next_cycle");
  const [resumeAt, setResumeAt] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const run = (action: () => Promise<ActionResult<unknown>>, done: string) =>
    startTransition(async () => {
      setError("");
      setMessage("");
      const result = await action();
      if (result.status === "ok") {
        setMessage(done);
        router.refresh();
      } else setError(refusal(result));
    });
  const others = props.plans.filter((plan) => plan.id !== props.currentPlanId);
  const chosen = others.find((plan) => plan.id === planId);
  const changeable = ["trial", "active", "failed_attempt", "rescuing", "paused"].includes(props.state);
  return (
    <div className="admin-form">
      {changeable && others.length > 0 ? (
        <fieldset className="admin-fieldset">
          <legend>Change plan</legend>
          <div className="admin-field">
            <label htmlFor="change-plan">New plan</label>
            <select id="change-plan" value={planId} onChange={(event) => setPlanId(event.target.value)}>
              <option value="">Choose a plan</option>
              {others.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.title} ({plan.price})
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="change-proration">When</label>
            <select
              id="change-proration"
              value={proration}
              onChange={(event) => setProration(event.target.value)}
            >
              <option value="next_cycle">At the next renewal</option>
              <option value="now">Now (an upgrade's prorated difference is charged at once)</option>
            </select>
          </div>
          <Confirmed
            id="change-plan"
            label="Change plan"
            disabled={!chosen}
            pending={pending}
            confirmText={
              chosen
                ? proration === "now"
                  ? `Move to ${chosen.title} now? An upgrade is charged its prorated difference at once; a downgrade credits nothing back.`
                  : `Move to ${chosen.title} (${chosen.price}) from the next renewal?`
                : ""
            }
            onConfirm={() => run(() => changePlanAction(props.id, planId, proration), "The plan is changed.")}
          />
        </fieldset>
      ) : null}
      {props.state === "active" ? (
        <fieldset className="admin-fieldset">
          <legend>Pause</legend>
          <div className="admin-field">
            <label htmlFor="pause-resume-at">Resume on (optional)</label>
            <input
              id="pause-resume-at"
              type="datetime-local"
              value={resumeAt}
              onChange={(event) => setResumeAt(event.target.value)}
            />
          </div>
          <Confirmed
            id="pause"
            label="Pause subscription"
            pending={pending}
            confirmText="Pause this subscription? Nothing is charged or retried while it is paused."
            onConfirm={() =>
              run(
                () => pauseSubscriptionAction(props.id, resumeAt ? new Date(resumeAt).toISOString() : null),
                "The subscription is paused.",
              )
            }
          />
        </fieldset>
      ) : null}
      {props.state === "paused" ? (
        <Confirmed
          id="resume"
          label="Resume subscription"
          pending={pending}
          confirmText="Resume this subscription? Its next charge is the first billing date from now on."
          onConfirm={() => run(() => resumeSubscriptionAction(props.id), "The subscription is active again.")}
        />
      ) : null}
      {error ? (
        <p className="admin-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </div>
  );
}
