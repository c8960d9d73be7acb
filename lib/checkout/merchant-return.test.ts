import { describe, expect, it } from "vitest";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { checkoutOutcome, merchantReturnUrl, nextStopAfterAttempt } from "./merchant-return";

const TOKEN = "ab".repeat(32);
const UID = "3f1c6a56-6a0b-4d4e-9d39-6b7a3c2f1e00";

type View = Parameters<typeof checkoutOutcome>[0];

function view(overrides: Partial<View> = {}, urls: Partial<ShopperCheckoutView["return_urls"]> = {}): View {
  return {
    token: TOKEN,
    status: "pending",
    finished: false,
    expired: false,
    message: null,
    last_transaction: null,
    return_urls: {
      success_url: "https://shop.example/ok?order=42",
      decline_url: "https://shop.example/declined",
      fail_url: "https://shop.example/failed",
      cancel_url: "https://shop.example/cancel",
      return_url: null,
      auto_return: null,
      ...urls,
    },
    ...overrides,
  };
}

function transaction(status: "successful" | "failed" | "incomplete" | "error") {
  return {
    uid: UID,
    status,
    message: null,
    redirect_url: `https://pay.example/gateway/process/${UID}`,
    credit_card: { brand: "visa", last_4: "0000" },
  };
}

describe("checkoutOutcome", () => {
  it("tells how a session ended, or null while it is open", () => {
    expect(checkoutOutcome(view())).toBeNull();
    expect(
      checkoutOutcome(view({ status: "incomplete", last_transaction: transaction("incomplete") })),
    ).toBeNull();
    expect(checkoutOutcome(view({ status: "successful", finished: true }))).toBe("successful");
    expect(
      checkoutOutcome(view({ status: "failed", finished: true, last_transaction: transaction("failed") })),
    ).toBe("declined");
    expect(
      checkoutOutcome(view({ status: "failed", finished: true, message: "Canceled by the shopper" })),
    ).toBe("canceled");
    expect(checkoutOutcome(view({ status: "error", expired: true }))).toBe("expired");
  });

  it("ends a payment session whose last attempt met a processor error as declined, sent to fail_url", () => {
    const failed = view({ status: "failed", finished: true, last_transaction: transaction("error") });
    expect(checkoutOutcome(failed)).toBe("declined");
    expect(merchantReturnUrl(failed, "declined")).toMatch(/^https:\/\/shop\.example\/failed\?/);
    const withoutFailUrl = view(
      { status: "failed", finished: true, last_transaction: transaction("error") },
      { fail_url: null },
    );
    expect(merchantReturnUrl(withoutFailUrl, "declined")).toMatch(/^https:\/\/shop\.example\/declined\?/);
  });
});

describe("merchantReturnUrl", () => {
  it("adds token, status and uid to the merchant's URL and keeps its own query", () => {
    const done = view({ status: "successful", finished: true, last_transaction: transaction("successful") });
    const url = new URL(merchantReturnUrl(done, "successful") ?? "");
    expect(url.origin + url.pathname).toBe("https://shop.example/ok");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: "42",
      token: TOKEN,
      status: "successful",
      uid: UID,
    });
  });

  it("lets return_url override success and decline, but not cancel or expiry", () => {
    const urls = { return_url: "https://shop.example/back" };
    expect(merchantReturnUrl(view({ status: "successful" }, urls), "successful")).toMatch(
      /^https:\/\/shop\.example\/back\?/,
    );
    expect(merchantReturnUrl(view({ status: "failed" }, urls), "declined")).toMatch(
      /^https:\/\/shop\.example\/back\?/,
    );
    expect(merchantReturnUrl(view({ status: "failed" }, urls), "canceled")).toMatch(/\/cancel\?token=/);
    expect(merchantReturnUrl(view({ status: "error" }, urls), "expired")).toBe(
      `https://shop.example/failed?token=${TOKEN}&status=error`,
    );
  });

  it("is null when the merchant gave no URL for the outcome", () => {
    expect(merchantReturnUrl(view({}, { decline_url: null }), "declined")).toBeNull();
  });
});

describe("nextStopAfterAttempt", () => {
  it("goes back to the payment page while the session is open", () => {
    expect(nextStopAfterAttempt(view({ last_transaction: transaction("failed") }))).toBe(
      `/checkout/${TOKEN}`,
    );
  });

  it("goes straight to the merchant with auto_return 0, else to the result page", () => {
    const done = view({ status: "successful", finished: true, last_transaction: transaction("successful") });
    expect(nextStopAfterAttempt({ ...done, return_urls: { ...done.return_urls, auto_return: 0 } })).toMatch(
      /^https:\/\/shop\.example\/ok\?order=42&token=/,
    );
    expect(nextStopAfterAttempt({ ...done, return_urls: { ...done.return_urls, auto_return: 5 } })).toBe(
      `/checkout/${TOKEN}/result`,
    );
    expect(nextStopAfterAttempt(done)).toBe(`/checkout/${TOKEN}/result`);
    const noUrls = view({ status: "successful", finished: true }, { success_url: null, auto_return: 0 });
    expect(nextStopAfterAttempt(noUrls)).toBe(`/checkout/${TOKEN}/result`);
  });
});
