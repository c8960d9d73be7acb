import { CheckoutFrame } from "@/components/checkout/checkout-frame";
import { StatusPanel } from "@/components/checkout/status-panel";
import { getCheckoutMessages } from "@/lib/checkout/messages";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { subscriptionCancelLocale } from "@/lib/checkout/subscription-cancel";

/** A forged, mistyped or unknown cancel link: nothing is known of the subscription; the browser's language. */
export default async function SubscriptionCancelNotFound() {
  const language = await shopperLanguage(null);
  const { messages, dir } = subscriptionCancelLocale(language);
  return (
    <div lang={language} dir={dir}>
      <CheckoutFrame messages={getCheckoutMessages(language)} shop={null} nonce={null}>
        <StatusPanel tone="warning" title={messages.notFoundTitle}>
          <p>{messages.notFoundBody}</p>
        </StatusPanel>
      </CheckoutFrame>
    </div>
  );
}
