"use client";

import type { CheckoutMessages, LanguageOption } from "@/lib/checkout/messages";

/**
 * The shopper's choice of language: one list that switches as soon as a language is chosen. It is a plain form
 * posting to the session's language route, so without JavaScript the list and its button still work; with it the
 * choice submits the form. The button is in `<noscript>`: never drawn with JavaScript, so nothing moves when the
 * page's script starts. Each language is named in itself and marked with its `lang`, so
 * that a screen reader pronounces it right.
 */
export function LanguageSwitcher(props: {
  token: string;
  messages: Pick<CheckoutMessages, "language" | "switcher">;
  options: LanguageOption[];
}) {
  const { messages } = props;
  return (
    <form className="language-switcher" method="post" action={`/checkout/${props.token}/language`}>
      {/* The list shows the language's own name: the label is read out, not shown. */}
      <label htmlFor="checkout-language" className="visually-hidden">
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
      <noscript>
        <button type="submit" className="button button--small language-switcher__apply">
          {messages.switcher.apply}
        </button>
      </noscript>
    </form>
  );
}
