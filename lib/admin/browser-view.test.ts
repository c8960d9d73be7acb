import { describe, expect, it } from "vitest";
import { forTheBrowser } from "./browser-view";

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

  it("leaves everything else as it was", () => {
    const answer = { message: "ok", amount: 1250, list: [1, "two", null], nested: { token_like: "kept" } };
    expect(forTheBrowser(answer)).toEqual(answer);
  });
});
