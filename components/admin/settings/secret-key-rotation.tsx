"use client";

import { useEffect, useRef, useState } from "react";
import { rotateSecretKeyAction } from "@/components/admin/settings/actions";

type Step =
  | { name: "idle" }
  | { name: "confirming" }
  | { name: "rotating" }
  | { name: "rotated"; secretKey: string }
  | { name: "failed"; message: string };

/**
 * Rotating is immediate and cannot be undone, so it takes a second, explicit step. The new key is shown here
 * once and never again; this session switches to it by itself.
 */
export function SecretKeyRotation() {
  const [step, setStep] = useState<Step>({ name: "idle" });
  const resultRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (step.name === "rotated" || step.name === "failed") resultRef.current?.focus();
    if (step.name === "confirming") confirmRef.current?.focus();
    // Back where the keyboard user started, not at the top of the page.
    if (step.name === "idle" && cancelled.current) startRef.current?.focus();
  }, [step.name]);

  const rotate = async () => {
    setStep({ name: "rotating" });
    try {
      const result = await rotateSecretKeyAction();
      setStep(
        result.status === "ok"
          ? { name: "rotated", secretKey: result.data }
          : { name: "failed", message: result.message },
      );
    } catch {
      setStep({ name: "failed", message: "The key could not be rotated. Try again." });
    }
  };

  return (
    <section aria-labelledby="secret-key-title" className="admin-section">
      <h2 id="secret-key-title">Secret key</h2>
      <p>
        Your servers use the secret key for the API. Rotate it if it may have leaked: the current key stops
        working at once, so update your servers right after.
      </p>
      {step.name === "rotated" ? (
        <div className="admin-alert admin-alert--success" role="status" tabIndex={-1} ref={resultRef}>
          <p>
            <strong>New secret key</strong> (shown only now; copy it to your servers):
          </p>
          <p>
            <output className="admin-secret" aria-label="New secret key">
              {step.secretKey}
            </output>
          </p>
        </div>
      ) : null}
      {step.name === "failed" ? (
        <p className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={resultRef}>
          {step.message}
        </p>
      ) : null}
      {step.name === "confirming" || step.name === "rotating" ? (
        <div className="admin-confirm">
          <p id="rotate-confirm-text">The current secret key will stop working immediately. Rotate it?</p>
          <div className="admin-actions-row">
            <button
              type="button"
              className="admin-button admin-button--danger"
              onClick={rotate}
              disabled={step.name === "rotating"}
              ref={confirmRef}
            >
              {step.name === "rotating" ? "Rotating…" : "Yes, rotate the secret key"}
            </button>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              onClick={() => {
                cancelled.current = true;
                setStep({ name: "idle" });
              }}
              disabled={step.name === "rotating"}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="admin-button"
          ref={startRef}
          onClick={() => setStep({ name: "confirming" })}
        >
          Rotate secret key
        </button>
      )}
    </section>
  );
}
