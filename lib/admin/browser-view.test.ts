import { describe, expect, it } from "vitest";
import type { CheckoutView } from "@/lib/contracts/checkout";
import type { Transaction } from "@/lib/contracts/transaction";
import { checkoutForTheBrowser, forTheBrowser } from "./browser-view";

const card = {
  holder: "JANE DOE",
  brand: "visa",
  last_4: "0000",
  stamp: "b1c2d3e4f5",
  token: "tok_0123456789abcdef",
  token_provider: null,
};

describe("what the admin's read endpoints send to the browser", () => {
  it("drops every card token and stamp, however deep, and says only whether a token was issued", () => {
    const answer = {
      items: [
        { uid: "a", credit_card: { ...card }, payment_method: { credit_card: { token: "tok_saved" } } },
        { uid: "b", credit_card: { ...card, token: null, stamp: null } },
      ],
      chain: { transaction: { credit_card: { ...card } }, children: [{ transaction: { stamp: "x" } }] },
    };
    const sent = JSON.stringify(forTheBrowser(answer));
    expect(sent).not.toContain("tok_");
    expect(sent).not.toContain("stamp");
    expect(sent).not.toContain("b1c2d3e4f5");
    const view = forTheBrowser(answer) as typeof answer & {
      items: { credit_card: { token_issued?: boolean } }[];
    };
    expect(view.items[0].credit_card).toMatchObject({ last_4: "0000", token_issued: true });
    expect(view.items[1].credit_card).toMatchObject({ token_issued: false });
    expect(view.items[1].credit_card).not.toHaveProperty("token");
  });

  it("drops a subscription's recurring card token, in a subscription, a list of them and an action's answer", () => {
    const subscription = {
      id: "sbs_0123456789abcdef",
      state: "canceled",
      card: { ...card, token: "tok_recurring", first_1: "4" },
      plan: { id: "pln_0123456789abcdef" },
    };
    for (const answer of [subscription, [subscription], { status: "ok", data: subscription }]) {
      const sent = JSON.stringify(forTheBrowser(answer));
      expect(sent).not.toContain("tok_");
      expect(sent).not.toContain("b1c2d3e4f5");
      expect(sent).toContain('"last_4":"0000"');
      expect(sent).toContain('"token_issued":true');
    }
  });

  it("leaves everything else as it was", () => {
    const answer = { message: "ok", amount: 1250, list: [1, "two", null], nested: { token_like: "kept" } };
    expect(forTheBrowser(answer)).toEqual(answer);
  });

  it("sends a checkout session of the admin's list without its token, anywhere in it", () => {
    const token = `${"c0ffee".repeat(10)}beef`;
    const session = {
      token,
      shop_id: 1,
      transaction_type: "payment",
      status: "successful",
      finished: true,
      expired: false,
      message: "Successfully processed",
      test: true,
      attempts: 3,
      attempts_used: 1,
      redirect_url: `https://pay.example/checkout/${token}`,
      expired_at: "2026-11-27T10:00:00.000Z",
      created_at: "2026-11-26T10:00:00.000Z",
      order: { amount: 1999, currency: "EUR", description: "Mug", tracking_id: "order-1" },
      settings: { language: "en", success_url: "https://merchant.example/ok" },
      customer: null,
      payment_method: { credit_card: { token: "tok_saved" } },
      gateway_response: {
        transaction: {
          uid: "0b6a8f7e-1111-2222-3333-444455556666",
          status: "successful",
          // The hosted page pays with its own return address, which names the session.
          return_url: `https://pay.example/checkout/${token}/return`,
          credit_card: { ...card },
        } as unknown as Transaction,
      },
    } as unknown as CheckoutView;
    const sent = checkoutForTheBrowser(session);
    expect(JSON.stringify(sent)).not.toContain(token);
    expect(JSON.stringify(sent)).not.toContain("tok_");
    expect(sent).not.toHaveProperty("token");
    expect(sent).not.toHaveProperty("redirect_url");
    // What the list shows is all there.
    expect(sent).toMatchObject({
      status: "successful",
      message: "Successfully processed",
      attempts: 3,
      attempts_used: 1,
      finished: true,
      created_at: session.created_at,
      expired_at: session.expired_at,
      order: session.order,
      gateway_response: {
        transaction: { uid: "0b6a8f7e-1111-2222-3333-444455556666", status: "successful" },
      },
    });
  });
});
