import type { ReactNode } from "react";
import type { CheckoutMessages } from "@/lib/checkout/messages";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The page around every checkout view: the shop's name, logo and colour, in the language of the strings shown.
 * The colour arrives as a nonce'd style element because the CSP forbids inline style attributes.
 */
export function CheckoutFrame(props: {
  messages: CheckoutMessages;
  shop: { name: string; logo_url: string | null; color: string | null } | null;
  nonce: string | null;
  children: ReactNode;
}) {
  const { shop } = props;
  const colour = shop?.color && HEX_COLOUR.test(shop.color) ? shop.color : null;
  return (
    <main className="checkout" lang={props.messages.language} dir={props.messages.direction}>
      {colour && props.nonce ? <style nonce={props.nonce}>{`.checkout{--brand:${colour}}`}</style> : null}
      {shop ? (
        <header className="checkout__header">
          {shop.logo_url ? (
            // A merchant's logo on a page that loads nothing else: no optimiser, fixed box so nothing shifts.
            // biome-ignore lint/performance/noImgElement: next/image would route the merchant's URL through this server.
            <img className="checkout__logo" src={shop.logo_url} alt="" width={40} height={40} />
          ) : null}
          <p className="checkout__shop">{shop.name}</p>
        </header>
      ) : null}
      {props.children}
    </main>
  );
}
