import type { ReactNode } from "react";
import { brandStyleSheet } from "@/lib/checkout/brand-style";
import { FRAME_INBOX_SCRIPT } from "@/lib/checkout/frame-style";
import { type CheckoutMessages, languageOptions } from "@/lib/checkout/messages";
import { frameAncestorOrigins } from "@/lib/contracts/frame-ancestors";
import { FrameBridge, type FrameResult } from "./frame-bridge";
import { LanguageSwitcher } from "./language-switcher";
import { TrustLine } from "./trust-line";

/** The shop's logo and name, heading the page or, beside the form, the order. */
export function ShopHeader(props: { shop: { name: string; logo_url: string | null } }) {
  const { shop } = props;
  return (
    <header className="checkout__header">
      {shop.logo_url ? (
        // A merchant's logo on a page that loads nothing else: no optimiser, fixed box so nothing shifts.
        // biome-ignore lint/performance/noImgElement: next/image would route the merchant's URL through this server.
        <img className="checkout__logo" src={shop.logo_url} alt="" width={40} height={40} />
      ) : null}
      {/* The merchant's name in its own direction: a Latin name inside a right-to-left page keeps its order. */}
      <p className="checkout__shop">
        <bdi>{shop.name}</bdi>
      </p>
    </header>
  );
}

/**
 * The page around every checkout view: the shop's name, logo and colour, the language switcher when there is a
 * session to switch, the trust line under it all, in the language of the strings shown. The colour arrives as a nonce'd style element because
 * the CSP forbids inline style attributes; the policy names its hash as well (brand-style.ts).
 */
export function CheckoutFrame(props: {
  messages: CheckoutMessages;
  shop: { name: string; logo_url: string | null; color: string | null } | null;
  nonce: string | null;
  /** The session's token, for the language switcher (none on a page without a session). */
  token?: string;
  /** Origins the shop lets frame the page, and the session's end to hand to the framing page (frame-bridge.tsx). */
  frame?: { origins: readonly string[]; result: FrameResult | null };
  /** The page's content draws the shop's name and logo itself, at the head of the order (the payment form's view). */
  shopInOrder?: boolean;
  /** The lock and "Secured by Tessera" under the page's content; false where the content draws its own (the form). */
  trustLine?: boolean;
  children: ReactNode;
}) {
  const { shop } = props;
  const brand = brandStyleSheet(shop?.color);
  // As the browser names them (no path, no trailing slash), to compare with a message's origin.
  const frameOrigins = frameAncestorOrigins(props.frame?.origins ?? []);
  return (
    <main className="checkout" lang={props.messages.language} dir={props.messages.direction}>
      {brand && props.nonce ? <style nonce={props.nonce}>{brand}</style> : null}
      {shop && !props.shopInOrder ? <ShopHeader shop={shop} /> : null}
      {props.token ? (
        <LanguageSwitcher
          token={props.token}
          messages={{ language: props.messages.language, switcher: props.messages.switcher }}
          options={languageOptions()}
        />
      ) : null}
      {props.children}
      {props.trustLine === false ? null : <TrustLine messages={props.messages} />}
      {frameOrigins.length > 0 && props.frame ? (
        <>
          {props.nonce ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, under the CSP nonce.
            <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: FRAME_INBOX_SCRIPT }} />
          ) : null}
          <FrameBridge origins={frameOrigins} result={props.frame.result} />
        </>
      ) : null}
    </main>
  );
}
