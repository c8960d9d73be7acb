/**
 * The shopper's choice of language on the payment page, kept in a cookie scoped to the session's own path
 * (`/checkout/<token>`): it reaches that session's page, its server actions, its return route and its result page,
 * and no other session. The payment attempt carries it to the gateway as the transaction's `language`, which is how
 * the issuer's 3-D Secure page (served by the gateway) speaks it too.
 */
export const LANGUAGE_COOKIE = "checkout_language";

/** The cookie's lifetime: a session lives at most a day (checkout `expired_at`), the choice no longer. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Set by the proxy on every `/checkout/<token>/…` request, so the root layout knows whose language to speak. */
export const CHECKOUT_TOKEN_HEADER = "x-checkout-token";
