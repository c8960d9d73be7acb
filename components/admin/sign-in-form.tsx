"use client";

import { useActionState, useEffect, useRef } from "react";
import { type SignInState, signInAction } from "@/components/admin/sign-in-actions";

const initialState: SignInState = { message: null, shopId: "" };

/** Works without JavaScript too: the form posts to the server action and the page re-renders with the answer. */
export function SignInForm({ notice }: { notice: string | null }) {
  const [state, formAction, pending] = useActionState(signInAction, initialState);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state.message) errorRef.current?.focus();
  }, [state]);

  return (
    <form action={formAction} className="admin-form admin-sign-in" aria-describedby="sign-in-status">
      <div id="sign-in-status" aria-live="polite">
        {state.message ? (
          <p className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={errorRef}>
            {state.message}
          </p>
        ) : notice ? (
          <p className="admin-alert">{notice}</p>
        ) : null}
      </div>
      <div className="admin-field">
        <label htmlFor="shop_id">Shop id</label>
        <input
          id="shop_id"
          name="shop_id"
          inputMode="numeric"
          autoComplete="username"
          required
          defaultValue={state.shopId}
          key={`shop-${state.shopId}`}
        />
      </div>
      <div className="admin-field">
        <label htmlFor="secret_key">Secret key</label>
        <input
          id="secret_key"
          name="secret_key"
          type="password"
          autoComplete="current-password"
          required
          spellCheck={false}
        />
      </div>
      <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
