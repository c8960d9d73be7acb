import type { CheckoutMessages, LanguageOption } from "@/lib/checkout/messages";

/**
 * The shopper's choice of language: a plain form posting to the session's language route (no script needed), each
 * language named in itself and marked with its `lang` so that a screen reader pronounces it right.
 */
export function LanguageSwitcher(props: {
  token: string;
  messages: CheckoutMessages;
  options: LanguageOption[];
}) {
  const { messages } = props;
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
      >
        {props.options.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--small language-switcher__apply">
        {messages.switcher.apply}
      </button>
    </form>
  );
}
