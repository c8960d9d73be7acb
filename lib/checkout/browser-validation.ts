// Must stay first: it configures zod before any schema below is built.
import "./zod-jitless";
import type { PaymentFormRules } from "./payment-fields";
import { createPaymentFormSchema } from "./payment-form";

/**
 * The payment form's rules as the browser loads them: on demand, once the shopper starts on the form, so the
 * schema library and the contracts are not part of the page's first load.
 */
export function browserPaymentSchema(rules: PaymentFormRules) {
  return createPaymentFormSchema(rules);
}
