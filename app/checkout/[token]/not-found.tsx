import { CheckoutFrame } from "@/components/checkout/checkout-frame";
import { StatusPanel } from "@/components/checkout/status-panel";
import { getCheckoutMessages } from "@/lib/checkout/messages";
import { shopperLanguage } from "@/lib/checkout/shopper-language";

/**
 * An unknown or mistyped session token: nothing is known about the shop, so the way back is the shopper's own; the
 * page speaks the browser's language.
 */
export default async function CheckoutNotFound() {
  const messages = getCheckoutMessages(await shopperLanguage(null));
  return (
    <CheckoutFrame messages={messages} shop={null} nonce={null}>
      <StatusPanel tone="warning" title={messages.status.notFoundTitle}>
        <p>{messages.status.notFoundBody}</p>
      </StatusPanel>
    </CheckoutFrame>
  );
}
