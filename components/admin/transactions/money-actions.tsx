"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { moveMoneyAction } from "@/components/admin/transactions/actions";
import { formatAmount } from "@/lib/admin/format";
import { type ChainNode, type MoneyOperation, moneyPosition } from "@/lib/admin/money-chain";
import { describeRefusal, parseMajorAmount, REASON_MAX_LENGTH, toMajorUnits } from "@/lib/admin/money-form";
import { adminKeys } from "@/lib/admin/queries";
import type { Transaction } from "@/lib/contracts/transaction";
import { FormField } from "../form-field";

const WORDS = {
  capture: { verb: "Capture", done: "Captured", noun: "capture", limit: "can still be captured" },
  void: { verb: "Void", done: "Voided", noun: "void", limit: "is held" },
  refund: { verb: "Refund", done: "Refunded", noun: "refund", limit: "can still be refunded" },
} as const;

const CONSEQUENCES = {
  capture: "The amount is taken from the shopper's card; the rest of the hold stays available to capture.",
  void: "The whole hold on the shopper's card is released; nothing can be captured from it afterwards.",
  refund: "The amount goes back to the shopper's card.",
} as const;

type Step =
  | { name: "idle" }
  | { name: "editing"; operation: MoneyOperation; errors: { amount?: string; reason?: string } }
  | {
      name: "confirming" | "sending";
      operation: MoneyOperation;
      amount: number;
      reason: string;
      requestId: string;
    };

type Notice = { tone: "success" | "error"; text: string; child?: string } | null;

/**
 * Capture, void and refund from a transaction's page. Each takes two steps: the form (amount, and a reason for a
 * refund), then a confirmation that says exactly what will happen; only the confirmation calls the gateway. The
 * gateway has the last word (it holds the parent's row lock): its refusal or the acquirer's decline is shown as
 * it came.
 */
export function MoneyActions({ node }: { node: ChainNode<Transaction> }) {
  const { transaction } = node;
  const position = moneyPosition(node);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [notice, setNotice] = useState<Notice>(null);
  const [amountText, setAmountText] = useState("");
  const [reason, setReason] = useState("");
  const formId = useId();
  // The amount field, or the review button of a void, which has no field.
  const firstFieldRef = useRef<HTMLElement | null>(null);
  const keepFirstField = (element: HTMLElement | null) => {
    firstFieldRef.current = element;
  };
  const confirmRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step.name === "editing") firstFieldRef.current?.focus();
    if (step.name === "confirming") confirmRef.current?.focus();
  }, [step.name]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const limitOf = (operation: MoneyOperation) =>
    operation === "capture"
      ? position.capturable
      : operation === "refund"
        ? position.refundable
        : position.amount;
  const money = (amount: number) => formatAmount(amount, transaction.currency);

  const open = (operation: MoneyOperation) => {
    setNotice(null);
    setAmountText(toMajorUnits(limitOf(operation), transaction.currency));
    setReason("");
    setStep({ name: "editing", operation, errors: {} });
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.name !== "editing") return;
    const { operation } = step;
    // A void always releases the whole hold.
    const parsed =
      operation === "void"
        ? ({ ok: true, amount: position.amount } as const)
        : parseMajorAmount(amountText, transaction.currency, limitOf(operation));
    const errors: { amount?: string; reason?: string } = {};
    if (!parsed.ok) errors.amount = parsed.message;
    if (operation === "refund" && reason.trim() === "") errors.reason = "Enter the reason for the refund";
    if (!parsed.ok || errors.reason) {
      setStep({ name: "editing", operation, errors });
      return;
    }
    setStep({
      name: "confirming",
      operation,
      amount: parsed.amount,
      reason: reason.trim(),
      requestId: crypto.randomUUID(),
    });
  };

  const confirm = async () => {
    if (step.name !== "confirming") return;
    const { operation, amount } = step;
    setStep({ ...step, name: "sending" });
    const words = WORDS[operation];
    try {
      const result = await moveMoneyAction({
        operation,
        parentUid: transaction.uid,
        amount,
        requestId: step.requestId,
        ...(operation === "refund" ? { reason: step.reason } : {}),
      });
      if (result.status === "ok") {
        const child = result.data;
        setNotice(
          child.status === "successful"
            ? { tone: "success", text: `${words.done} ${money(child.amount)}.`, child: child.uid }
            : {
                tone: "error",
                // The acquirer's own words ("Insufficient funds") say more than the transaction's message.
                text: `The ${words.noun} was not made: ${child[operation]?.message ?? child.message ?? "declined"}.`,
                child: child.uid,
              },
        );
      } else if (result.status === "invalid") {
        setNotice({
          tone: "error",
          text: `The gateway refused the ${words.noun}: ${describeRefusal(result, transaction.currency)}`,
        });
      } else {
        setNotice({ tone: "error", text: result.message });
      }
    } catch {
      setNotice({
        tone: "error",
        text: `The ${words.noun} could not be sent. Check the chain below before trying again.`,
      });
    }
    setStep({ name: "idle" });
    // The chain, the remaining amounts and the lists all changed (or may have: a lost answer).
    await queryClient.invalidateQueries({ queryKey: adminKeys.transactions() });
  };

  return (
    <div className="admin-money">
      <div aria-live="polite">
        {notice ? (
          <div
            ref={noticeRef}
            tabIndex={-1}
            className={`admin-alert admin-alert--${notice.tone}`}
            role={notice.tone === "error" ? "alert" : "status"}
          >
            <p>{notice.text}</p>
            {notice.child ? (
              <p>
                <Link href={`/admin/transactions/${notice.child}`}>Open the new transaction</Link>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      {step.name === "idle" ? (
        position.operations.length > 0 ? (
          <div className="admin-actions-row">
            {position.operations.map((operation) => (
              <button key={operation} type="button" className="admin-button" onClick={() => open(operation)}>
                {WORDS[operation].verb}…
              </button>
            ))}
          </div>
        ) : (
          <p className="admin-muted">Nothing is left to capture, void or refund on this transaction.</p>
        )
      ) : null}

      {step.name === "editing" ? (
        <form className="admin-money-form" onSubmit={review} noValidate aria-labelledby={`${formId}-title`}>
          <h3 id={`${formId}-title`} className="admin-subheading">
            {WORDS[step.operation].verb} {step.operation === "void" ? "the authorization" : "an amount"}
          </h3>
          {step.operation === "void" ? (
            <p>
              {money(position.amount)} {WORDS.void.limit} on the shopper's card. {CONSEQUENCES.void}
            </p>
          ) : (
            <FormField
              id={`${formId}-amount`}
              label={`Amount (${transaction.currency})`}
              hint={`${money(limitOf(step.operation))} ${WORDS[step.operation].limit}.`}
              error={step.errors.amount}
            >
              {(described) => (
                <input
                  id={`${formId}-amount`}
                  ref={keepFirstField}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amountText}
                  onChange={(event) => setAmountText(event.target.value)}
                  {...described}
                />
              )}
            </FormField>
          )}
          {step.operation === "refund" ? (
            <FormField
              id={`${formId}-reason`}
              label="Reason"
              hint="Kept with the refund, e.g. “Returned goods”."
              error={step.errors.reason}
            >
              {(described) => (
                <input
                  id={`${formId}-reason`}
                  maxLength={REASON_MAX_LENGTH}
                  autoComplete="off"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  {...described}
                />
              )}
            </FormField>
          ) : null}
          <div className="admin-actions-row">
            <button
              type="submit"
              className="admin-button admin-button--primary"
              ref={step.operation === "void" ? keepFirstField : undefined}
            >
              Review {WORDS[step.operation].noun}
            </button>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              onClick={() => setStep({ name: "idle" })}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      {step.name === "confirming" || step.name === "sending" ? (
        <div className="admin-confirm admin-money-form">
          <p id={`${formId}-confirm`}>
            <strong>
              {WORDS[step.operation].verb} {money(step.amount)}?
            </strong>{" "}
            {CONSEQUENCES[step.operation]} This cannot be undone.
            {step.operation === "refund" ? ` Reason: “${step.reason}”.` : ""}
          </p>
          <div className="admin-actions-row">
            <button
              type="button"
              ref={confirmRef}
              className="admin-button admin-button--danger"
              onClick={confirm}
              disabled={step.name === "sending"}
            >
              {step.name === "sending"
                ? "Sending…"
                : `Yes, ${WORDS[step.operation].noun} ${money(step.amount)}`}
            </button>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              disabled={step.name === "sending"}
              onClick={() => setStep({ name: "editing", operation: step.operation, errors: {} })}
            >
              Back
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
