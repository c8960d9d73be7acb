import { CANCELED_BY_SHOPPER } from "@/lib/contracts/checkout";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";

/**
 * Where a shopper goes once a session is over. The session view from the gateway is the only input: a query
 * string a browser brings back is never trusted.
 */

export type CheckoutOutcome = "successful" | "declined" | "canceled" | "expired";

type OutcomeView = Pick<
  ShopperCheckoutView,
  "token" | "status" | "finished" | "expired" | "message" | "last_transaction" | "return_urls"
>;

/** How the session ended; null while the shopper can still pay or a verification is under way. */
export function checkoutOutcome(view: OutcomeView): CheckoutOutcome | null {
  if (view.expired || view.status === "error") return "expired";
  if (view.status === "successful") return "successful";
  if (view.status === "failed") {
    // A processor error (money sessions) ends a session like a decline: the shopper's attempt was not accepted.
    const lastStatus = view.last_transaction?.status;
    const canceled =
      view.message === CANCELED_BY_SHOPPER || (lastStatus !== "failed" && lastStatus !== "error");
    return canceled ? "canceled" : "declined";
  }
  return null;
}

/**
 * The merchant's URL for an outcome with `token`, `status` and `uid` added to its query (its own query kept):
 * `return_url` overrides success and decline; an expired session, and one that ended in a processor error, go to
 * `fail_url` (a processor error falls back to `decline_url`); null when the merchant gave none for this outcome (the
 * result page then stays).
 */
export function merchantReturnUrl(view: OutcomeView, outcome: CheckoutOutcome): string | null {
  const urls = view.return_urls;
  const target = {
    successful: urls.return_url ?? urls.success_url,
    declined:
      urls.return_url ??
      (view.last_transaction?.status === "error" ? (urls.fail_url ?? urls.decline_url) : urls.decline_url),
    canceled: urls.cancel_url,
    expired: urls.fail_url,
  }[outcome];
  if (!target || !URL.canParse(target)) return null;
  const url = new URL(target);
  url.searchParams.set("token", view.token);
  url.searchParams.set("status", view.status);
  if (view.last_transaction) url.searchParams.set("uid", view.last_transaction.uid);
  return url.toString();
}

export function checkoutPagePath(token: string): string {
  return `/checkout/${token}`;
}

/** Where 3-D Secure (and a form post without JavaScript) comes back to; it reads the session and moves on. */
export function checkoutReturnPath(token: string): string {
  return `/checkout/${token}/return`;
}

export function checkoutResultPath(token: string): string {
  return `/checkout/${token}/result`;
}

/**
 * The result page of a page inside a merchant's frame: it never moves on to the merchant inside the frame, it
 * hands the merchant's URL to the framing page instead (components/checkout/frame-bridge.tsx).
 */
export function framedResultPath(token: string): string {
  return `${checkoutResultPath(token)}?iframe=1`;
}

/** A request made inside a frame: a document loaded in an iframe (`Sec-Fetch-Dest`), or the page's `?iframe=`. */
export function isFramedRequest(
  headers: { get(name: string): string | null },
  iframeParam?: unknown,
): boolean {
  return (
    headers.get("sec-fetch-dest") === "iframe" || (typeof iframeParam === "string" && iframeParam !== "")
  );
}

/**
 * The next stop after the session was read at the end of an attempt (or a 3-D Secure return): still open → the
 * payment page (it shows a decline or the verification in progress); over → the merchant at once when
 * `auto_return` is 0, otherwise the result page (which counts down `auto_return` seconds or offers a link).
 */
export function nextStopAfterAttempt(view: OutcomeView): string {
  const outcome = checkoutOutcome(view);
  if (outcome === null) return checkoutPagePath(view.token);
  const merchantUrl = merchantReturnUrl(view, outcome);
  if (merchantUrl && view.return_urls.auto_return === 0) return merchantUrl;
  return checkoutResultPath(view.token);
}
