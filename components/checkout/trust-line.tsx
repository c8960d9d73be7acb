import type { CheckoutMessages } from "@/lib/checkout/messages";
import { Isolated } from "./isolated";

/** "Secured by Tessera" with a lock, in the shopper's language, under the form. */
export function TrustLine(props: { messages: CheckoutMessages }) {
  const { messages } = props;
  return (
    <p className="trust-line">
      <svg
        className="trust-line__lock"
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden="true"
        focusable="false"
      >
        <path
          fill="currentColor"
          d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 3.5a2 2 0 1 1 4 0V7H6V4.5Z"
        />
      </svg>
      <span>
        <Isolated text={messages.trust.securedBy} direction={messages.direction} />
      </span>
    </p>
  );
}
