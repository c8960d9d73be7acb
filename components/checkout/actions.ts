"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { describeBaseError } from "@/lib/checkout/error-messages";
import { checkoutLogger, newReference } from "@/lib/checkout/logger";
import {
  checkoutPagePath,
  checkoutResultPath,
  checkoutReturnPath,
  framedResultPath,
  isFramedRequest,
  merchantReturnUrl,
  nextStopAfterAttempt,
} from "@/lib/checkout/merchant-return";
import { type CheckoutMessages, getCheckoutMessages, interpolate, plural } from "@/lib/checkout/messages";
import {
  paymentFormRules,
  readPaymentForm,
  toPaymentRequest,
  withReadOnlyValues,
} from "@/lib/checkout/payment-fields";
import {
  formErrorsFromRequestErrors,
  hasPaymentFormErrors,
  validatePaymentForm,
} from "@/lib/checkout/payment-form";
import type { CancelActionState, PaymentActionState } from "@/lib/checkout/payment-state";
import { shopperLanguage } from "@/lib/checkout/shopper-language";
import {
  type CheckoutPaymentRequest,
  type GatewayFailure,
  getCheckoutClient,
  isCheckoutToken,
} from "@/lib/gateway-client";
import { getConfig } from "@/lib/server/config";

/**
 * The hosted page's server actions. Each is a public POST endpoint: it checks its own input (the token's shape,
 * every form value again with the browser's rules) and leaves the decisions to the gateway, which it calls with
 * the session token exactly as any client of the API would. Card data is passed on, never logged or stored.
 * Beside the forms that call them rather than under app/, which imports the components: a component importing app
 * back would tie the two folders in a circle.
 */

function unavailable(
  messages: CheckoutMessages,
  failure: GatewayFailure | { message: string },
  context: string,
) {
  const reference = newReference();
  checkoutLogger().warn({ reference, reason: failure.message, context }, "checkout action failed");
  return {
    status: "error" as const,
    attempt: reference,
    message: interpolate(messages.errors.unavailable, { reference }),
  };
}

/**
 * Ends an action with a redirect. Without JavaScript the action answered a plain form post, and the browser holds
 * that post's redirect to the page's CSP `form-action` (this origin and the gateway's): a stop on the merchant's
 * site goes through the return route instead, whose page moves on by itself. Scripted calls carry `Next-Action`.
 */
async function redirectAfterAction(token: string, stop: string, data: FormData): Promise<never> {
  const requestHeaders = await headers();
  // Inside a merchant's frame the session ends on the result page, which hands the merchant's URL to the framing
  // page: the merchant's own page is never opened inside the frame.
  const framed = data.get("framed") === "1" || isFramedRequest(requestHeaders);
  if (framed && stop !== checkoutPagePath(token)) {
    redirect(framedResultPath(token));
  }
  const scripted = requestHeaders.has("next-action");
  redirect(scripted || stop.startsWith("/") ? stop : checkoutReturnPath(token));
}

export async function payForCheckout(
  _previous: PaymentActionState,
  data: FormData,
): Promise<PaymentActionState> {
  const token = data.get("token");
  // Before the session is read: the shopper's chosen language, or the browser's.
  const fallback = getCheckoutMessages(await shopperLanguage(null));
  if (!isCheckoutToken(token)) return unavailable(fallback, { message: "malformed token" }, "pay");
  const client = getCheckoutClient();

  const current = await client.getCheckout(token);
  if (!current.ok) {
    if (current.kind === "not_found") redirect(checkoutPagePath(token));
    return unavailable(fallback, current, "pay: read session");
  }
  const view = current.data;
  // The shopper's choice on the page, if any: the attempt carries it on to the issuer's page and the result.
  const messages = getCheckoutMessages(await shopperLanguage(view.language));
  // Finished, expired or waiting on 3-D Secure: the page says which and what to do.
  if (view.status !== "pending") redirect(checkoutPagePath(token));

  const rules = paymentFormRules(view);
  const values = withReadOnlyValues(readPaymentForm(data), view);
  const errors = validatePaymentForm(values, rules);
  if (hasPaymentFormErrors(errors)) {
    const reference = newReference();
    return {
      status: "invalid",
      attempt: reference,
      fields: errors.fields,
      base: errors.base.map((message) => describeBaseError(messages, message, reference)),
    };
  }

  const request: CheckoutPaymentRequest = {
    ...toPaymentRequest(values, rules),
    language: messages.language,
    return_url: `${getConfig().publicUrl}${checkoutReturnPath(token)}`,
  };

  const result = await client.payCheckout(token, request);
  if (result.ok) {
    const transaction = result.data;
    if (transaction.status === "incomplete") redirect(transaction.redirect_url);
    const after = await client.getCheckout(token);
    if (after.ok && after.data.status === "pending") {
      const count = after.data.attempts_left;
      const attemptsLeft = interpolate(plural(messages.language, messages.errors.attemptsLeft, count), {
        count,
      });
      return {
        status: "declined",
        attempt: transaction.uid,
        message: `${messages.errors.declined} ${attemptsLeft}`,
      };
    }
    return redirectAfterAction(
      token,
      after.ok ? nextStopAfterAttempt(after.data) : checkoutResultPath(token),
      data,
    );
  }

  switch (result.kind) {
    case "invalid": {
      const reference = newReference();
      const mapped = formErrorsFromRequestErrors(result.errors, values, rules);
      if (Object.keys(mapped.fields).length === 0) {
        // Only errors about the session itself (expired, finished, out of attempts): the page explains.
        const again = await client.getCheckout(token);
        if (!again.ok || again.data.status !== "pending") redirect(checkoutPagePath(token));
      }
      if (mapped.base.length > 0) {
        checkoutLogger().info({ reference, errors: mapped.base }, "payment refused by the gateway");
      }
      return {
        status: "invalid",
        attempt: reference,
        fields: mapped.fields,
        base: mapped.base.map((message) => describeBaseError(messages, message, reference)),
      };
    }
    case "conflict":
      return { status: "error", attempt: newReference(), message: messages.errors.busy };
    case "rate_limited": {
      // The card-testing defence: the shopper's address made too many attempts; say when to come back.
      const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
      return {
        status: "error",
        attempt: newReference(),
        message: interpolate(plural(messages.language, messages.errors.tooManyAttempts, minutes), {
          minutes,
        }),
      };
    }
    case "not_found":
      return redirect(checkoutPagePath(token));
    default:
      return unavailable(messages, result, "pay: tokenization");
  }
}

export async function cancelPayment(
  _previous: CancelActionState,
  data: FormData,
): Promise<CancelActionState> {
  const token = data.get("token");
  const fallback = getCheckoutMessages(await shopperLanguage(null));
  if (!isCheckoutToken(token)) return unavailable(fallback, { message: "malformed token" }, "cancel");
  const client = getCheckoutClient();
  const result = await client.cancelCheckout(token);
  if (result.ok) {
    return redirectAfterAction(
      token,
      merchantReturnUrl(result.data, "canceled") ?? checkoutResultPath(token),
      data,
    );
  }
  if (result.kind === "conflict" || result.kind === "unavailable" || result.kind === "rate_limited") {
    const view = await client.getCheckout(token);
    const messages = view.ok ? getCheckoutMessages(await shopperLanguage(view.data.language)) : fallback;
    if (result.kind !== "conflict") return unavailable(messages, result, "cancel");
    return { status: "error", attempt: newReference(), message: messages.errors.busy };
  }
  // Already finished, expired or unknown: the page says so.
  redirect(checkoutPagePath(token));
}
