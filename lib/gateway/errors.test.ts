import { describe, expect, it } from "vitest";
import { GatewayError, renderGatewayError } from "./errors";

describe("domain refusals with codes of their own", () => {
  // Callers branch on the code; clients read beGateway's 422 with the sentence under `base`, unchanged.
  it.each([
    ["duplicate_transaction", "Duplicate transaction"],
    ["payouts_disabled", "Payouts are not enabled for this shop"],
  ] as const)("%s renders as the 422 a base error with its sentence reads", (code, sentence) => {
    const rendered = renderGatewayError(new GatewayError(code));
    expect(rendered).toEqual({
      status: 422,
      body: { message: sentence, errors: { base: [sentence] } },
      headers: {},
    });
    expect(rendered).toEqual(renderGatewayError(GatewayError.base(sentence)));
  });
});
