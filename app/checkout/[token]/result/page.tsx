import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { CheckoutFrame } from "@/components/checkout/checkout-frame";
import { SessionOrderSummary } from "@/components/checkout/order-summary";
import { OutcomePanel } from "@/components/checkout/outcome-panel";
import { ReceiptDetails } from "@/components/checkout/receipt-details";
import { TestBadge } from "@/components/checkout/test-badge";
import {
  checkoutOutcome,
  checkoutPagePath,
  checkoutResultPath,
  isFramedRequest,
  merchantReturnUrl,
} from "@/lib/checkout/merchant-return";
import { getCheckoutMessages } from "@/lib/checkout/messages";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import { getConfig } from "@/lib/server/config";
import { checkoutPageMetadata, readCheckout } from "../read-checkout";

/**
 * How the session ended, read from the gateway (never from the query). With `auto_return` 0 the shopper goes
 * straight to the merchant; otherwise this page shows the outcome first.
 */
export function generateMetadata({ params }: { params: Promise<{ token: string }> }) {
  return params.then(({ token }) => checkoutPageMetadata(token));
}

export default async function CheckoutResultPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const requestHeaders = await headers();
  const framed = isFramedRequest(requestHeaders, (await searchParams).iframe);
  const result = await readCheckout(token);
  if (!result.ok) {
    if (result.kind === "not_found") notFound();
    redirect(checkoutPagePath(token));
  }
  const view = result.data;
  const outcome = checkoutOutcome(view);
  if (outcome === null || outcome === "expired") redirect(checkoutPagePath(token));
  const merchantUrl = merchantReturnUrl(view, outcome);
  // Inside a merchant's frame the merchant's page is not opened in the frame: the framing page gets its URL.
  if (merchantUrl && view.return_urls.auto_return === 0 && !framed) redirect(merchantUrl);

  const language = await shopperLanguage(view.language);
  const messages = getCheckoutMessages(language);
  const nonce = requestHeaders.get("x-nonce");
  const frame = {
    origins: view.frame_ancestors,
    result: { status: outcome, url: merchantUrl ?? `${getConfig().publicUrl}${checkoutResultPath(token)}` },
  };
  return (
    <CheckoutFrame messages={messages} shop={view.shop} nonce={nonce} token={token} frame={frame}>
      {view.test ? <TestBadge messages={messages} /> : null}
      <OutcomePanel
        messages={messages}
        view={view}
        outcome={outcome}
        merchantUrl={merchantUrl}
        framed={framed}
      />
      {outcome === "successful" && view.receipt ? (
        <ReceiptDetails messages={messages} receipt={view.receipt} contact={view.shop.contact} />
      ) : null}
      <SessionOrderSummary messages={messages} language={language} view={view} />
    </CheckoutFrame>
  );
}
