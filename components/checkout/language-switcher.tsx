"use client";

import { useEffect, useState } from "react";
import type { CheckoutMessages, LanguageOption } from "@/lib/checkout/messages";

/**
 * The shopper's choice of language: one list that switches as soon as a language is chosen. It is a plain form
 * posting to the session's language route, so without JavaScript the list and its button still work; with it the
 * button goes and the choice submits the form. Each language is named in itself and marked with its `lang`, so
 * that a screen reader pronounces it right.
 */
export function LanguageSwitcher(props: {
  token: string;
  messages: Pick<CheckoutMessages, "language" | "switcher">;
  options: LanguageOption[];
}) {
  const { messages } = props;
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <form className="language-switcher" method="post" action={`/checkout/${props.token}/language`}>
      <label htmlFor="checkout-language" className="language-switcher__label">
        {messages.switcher.label}
      </label>
      <select
        id="checkout-language"
        name="language"
        className="language-switcher__select"
        defaultValue={messages.language}
        autoComplete="off"
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {props.options.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      {scripted ? null : (
        <button type="submit" className="button button--small language-switcher__apply">
          {messages.switcher.apply}
        </button>
      )}
    </form>
  );
}
