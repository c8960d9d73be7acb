import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECKOUT_CUSTOMER_FIELDS, type CheckoutRequest } from "@/lib/contracts/checkout";
import { REQUIRABLE_FIELDS } from "@/lib/contracts/shop-settings";
import type { CheckoutRow } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { attemptRequest, checkoutReturnUrl, checkReturnUrl } from "./attempt-request";
import type { CheckoutSession } from "./checkout-session";
import { shownCustomerFields } from "./shopper-views";

/**
 * Whatever a checkout token's holder sends, the attempt keeps what the merchant set: properties over random
 * sessions (shown, read-only and shop-required fields) and random page requests.
 */

const TOKEN = "c0".repeat(32);
const deps = { config: { publicUrl: "https://pay.example" } } as GatewayDeps;
const RECORD_FIELDS = new Set(["email", "birth_date", "ip", "device_id"]);
const PAGE_WRITABLE = [...CHECKOUT_CUSTOMER_FIELDS, "ip", "device_id", "unknown_field"] as const;

function session(options: {
  visible: string[];
  readOnly: string[];
  holderReadOnly: boolean;
  customer: Record<string, string>;
}): CheckoutSession {
  const request = {
    order: { amount: 4200, currency: "EUR", description: "Order", tracking_id: "t-1", additional_data: {} },
    settings: {
      success_url: "https://merchant.example/ok?order=1",
      cancel_url: "https://merchant.example/cancel",
      notification_url: "https://merchant.example/hooks",
      verification_url: "https://merchant.example/verify",
      language: "en",
      customer_fields: { visible: options.visible, read_only: options.readOnly },
      credit_card_fields: { holder: "Merchant Holder", read_only: options.holderReadOnly },
      save_card_toggle: { display: false },
      another_card_toggle: { display: false },
    },
    customer: options.customer,
  } as unknown as CheckoutRequest;
  return {
    row: { token: TOKEN, test: true } as CheckoutRow,
    request,
    lastTransaction: null,
    expired: false,
    status: "pending",
    message: null,
  };
}

const subset = <T>(values: readonly T[]) => fc.subarray([...values]);

describe("attemptRequest", () => {
  it("takes from the page only the shown, editable customer fields; the rest, device_id and ip are not the page's", () => {
    fc.assert(
      fc.property(
        subset(CHECKOUT_CUSTOMER_FIELDS),
        subset(CHECKOUT_CUSTOMER_FIELDS),
        subset(REQUIRABLE_FIELDS),
        fc.boolean(),
        fc.dictionary(fc.constantFrom(...PAGE_WRITABLE), fc.string({ minLength: 1, maxLength: 8 })),
        fc.dictionary(fc.constantFrom(...PAGE_WRITABLE), fc.string({ minLength: 1, maxLength: 8 })),
        fc.constantFrom("203.0.113.9", "2001:db8::7", "unknown"),
        (visible, readOnly, required, holderReadOnly, pageCustomer, pageBilling, address) => {
          const merchant = Object.fromEntries(
            [...CHECKOUT_CUSTOMER_FIELDS, "ip", "device_id"].map((field) => [field, `merchant-${field}`]),
          );
          const shop = { settings: { required_fields: required } } as unknown as AuthenticatedShop;
          const checkout = session({ visible, readOnly, holderReadOnly, customer: merchant });
          const request = attemptRequest({
            shop,
            session: checkout,
            clientAddress: address,
            pageRequest: {
              credit_card: { number: "4200000000000000", holder: "Page Holder" },
              customer: pageCustomer,
              billing_address: pageBilling,
              amount: 1,
              notification_url: "https://evil.example/",
              test: false,
            },
          });
          const customer = (request.customer ?? {}) as Record<string, unknown>;
          const billing = (request.billing_address ?? {}) as Record<string, unknown>;
          const fromPage = { ...pageCustomer, ...pageBilling } as Record<string, string>;
          const shown = shownCustomerFields(shop, checkout.request.settings);
          for (const field of CHECKOUT_CUSTOMER_FIELDS) {
            const sent = (RECORD_FIELDS.has(field) ? customer : billing)[field];
            const shoppers = shown.includes(field) && !readOnly.includes(field);
            expect(sent, field).toBe(shoppers ? fromPage[field] : merchant[field]);
          }
          expect(customer.device_id).toBe("merchant-device_id");
          expect(customer.ip).toBe(address === "unknown" ? "merchant-ip" : address);
          expect(billing).not.toHaveProperty("unknown_field");
          expect((request.credit_card as Record<string, unknown>).holder).toBe(
            holderReadOnly ? "Merchant Holder" : "Page Holder",
          );
          expect(request).toMatchObject({
            amount: 4200,
            notification_url: "https://merchant.example/hooks",
            verification_url: "https://merchant.example/verify",
            test: true,
          });
        },
      ),
    );
  });
});

describe("checkReturnUrl", () => {
  const checkout = session({ visible: [], readOnly: [], holderReadOnly: false, customer: {} });
  const refused = (url: unknown) => {
    try {
      checkReturnUrl(deps, checkout, url);
      return false;
    } catch (error) {
      return error instanceof GatewayError;
    }
  };

  it("accepts the page's own return route, the session's URLs, and no return_url at all", () => {
    expect(checkoutReturnUrl(deps, TOKEN)).toBe(`https://pay.example/checkout/${TOKEN}/return`);
    for (const url of [
      `https://pay.example/checkout/${TOKEN}/return`,
      `HTTPS://PAY.EXAMPLE:443/checkout/${TOKEN}/return`,
      "https://merchant.example/ok?order=1",
      "https://merchant.example/cancel",
      undefined,
      null,
    ]) {
      expect(refused(url), String(url)).toBe(false);
    }
  });

  it("refuses every other address", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        (url) => {
          fc.pre(url !== "https://merchant.example/cancel" && url !== "https://merchant.example/ok?order=1");
          fc.pre(!url.startsWith("https://pay.example/checkout/"));
          expect(refused(url)).toBe(true);
        },
      ),
    );
    for (const url of [
      `https://pay.example/checkout/${"d1".repeat(32)}/return`,
      `https://pay.example/checkout/${TOKEN}/return?next=https://evil.example/`,
      `https://pay.example/checkout/${TOKEN}`,
      "https://merchant.example/ok",
      42,
    ]) {
      expect(refused(url), String(url)).toBe(true);
    }
    // A hundred generated web addresses take 1–2 s on a quiet machine and over 5 s (the unit default) on a busy one.
  }, 30_000);
});
