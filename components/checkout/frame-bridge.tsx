"use client";

import { useEffect } from "react";
import { frameStyleVariables } from "@/lib/checkout/frame-style";

/** The session's end as the page tells a framing merchant page: how it ended and where the shopper goes next. */
export interface FrameResult {
  status: "successful" | "declined" | "canceled" | "expired";
  /** The merchant's URL for this outcome, or this page's own address when the merchant gave none. */
  url: string;
}

/**
 * The page inside a merchant's frame (Tessera's widget script or beGateway's). It talks only to its parent window
 * and only with the origins the shop lets frame it (`frame_ancestors`, which the browser enforces as well): it
 * takes `{css}` from the parent (an allow-list of theme properties kept readable in the shopper's theme,
 * frame-style.ts), tells the parent its height
 * as it changes (`{tessera: {type: "resize"}}`) and when Escape is pressed in it (`"escape"`), and when the session has ended posts `{url}` — what beGateway's
 * widget follows — with Tessera's `{tessera: {type: "result"}}`, instead of navigating inside the frame.
 * Outside a frame it does nothing.
 */
export function FrameBridge(props: { origins: readonly string[]; result: FrameResult | null }) {
  const { origins, result } = props;
  useEffect(() => {
    if (window.parent === window || origins.length === 0) return;
    const parent = window.parent;
    // Where the browser says the parent is (Chromium, Safari); else every allowed origin, of which the browser
    // delivers to the parent's only.
    const known = window.location.ancestorOrigins?.[0];
    const targets = known && origins.includes(known) ? [known] : [...origins];
    const post = (message: unknown) => {
      for (const origin of targets) parent.postMessage(message, origin);
    };

    // The parent's style, kept readable in the shopper's theme (frame-style.ts), and again when the theme changes.
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    let css: unknown = null;
    let applied: string[] = [];
    const applyStyle = () => {
      const root = document.documentElement;
      for (const variable of applied) root.style.removeProperty(variable);
      const variables = frameStyleVariables(css, dark.matches ? "dark" : "light");
      for (const [variable, value] of variables) root.style.setProperty(variable, value);
      applied = variables.map(([variable]) => variable);
    };
    dark.addEventListener("change", applyStyle);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== parent || !origins.includes(event.origin)) return;
      const data = event.data as { css?: unknown } | null;
      if (!data || typeof data !== "object" || !("css" in data)) return;
      css = data.css;
      applyStyle();
    };
    window.addEventListener("message", onMessage);
    // Escape pressed inside the frame: an overlay closes on it (the key never reaches the parent's document).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") post({ tessera: { type: "escape" } });
    };
    document.addEventListener("keydown", onKey);
    // Messages that came before this component was ready (the parent styles the frame on its load event).
    const inbox = window as unknown as { __tesseraInbox?: MessageEvent[] | null };
    for (const early of inbox.__tesseraInbox ?? []) onMessage(early);
    inbox.__tesseraInbox = null;
    document.documentElement.dataset.framed = "";
    post({ tessera: { type: "ready" } });

    let height = 0;
    const measure = () => {
      const next = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (next === height) return;
      height = next;
      post({ tessera: { type: "resize", height } });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    measure();

    if (result)
      post({ url: result.url, tessera: { type: "result", status: result.status, url: result.url } });
    return () => {
      window.removeEventListener("message", onMessage);
      dark.removeEventListener("change", applyStyle);
      document.removeEventListener("keydown", onKey);
      observer.disconnect();
    };
  }, [origins, result]);
  return null;
}

/** A hidden field telling the server action the page is framed (it then ends on the result page, never elsewhere). */
export function FramedField() {
  useEffect(() => {
    const field = document.getElementById("checkout-framed") as HTMLInputElement | null;
    if (field && window.parent !== window) field.value = "1";
  }, []);
  return <input type="hidden" id="checkout-framed" name="framed" defaultValue="" />;
}
