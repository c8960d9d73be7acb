import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addError,
  type ErrorTree,
  errorTreeFromZod,
  humanize,
  isEmptyErrorTree,
  mergeErrorTrees,
  renderErrorMessage,
  validationErrorBody,
} from "./errors";

describe("renderErrorMessage", () => {
  it("matches the reference strings exactly", () => {
    expect(renderErrorMessage({ ip: ["address is invalid", "can't be blank"] })).toBe(
      "Ip address is invalid. Ip can't be blank",
    );
    expect(
      renderErrorMessage({ amount: ["must be greater than 0"], credit_card: { number: ["is invalid"] } }),
    ).toBe("Amount must be greater than 0. Number is invalid");
  });

  it("uses full messages verbatim and capitalises base messages", () => {
    expect(renderErrorMessage({ credit_card: { exp_year: ["Date is expired"] } })).toBe("Date is expired");
    expect(renderErrorMessage({ base: ["Duplicate transaction"] })).toBe("Duplicate transaction");
    expect(renderErrorMessage({ base: ["access denied"] })).toBe("Access denied");
  });

  it("names the closest non-numeric key for array elements and nested base errors", () => {
    const tree: ErrorTree = {
      travel: { airline: { legs: { "0": { airline_code: ["is invalid"] } } } },
      additional_data: { contract: { "1": ["is not included in the list"] } },
      credit_card: { base: ["must be an object"] },
    };
    expect(renderErrorMessage(tree)).toBe(
      "Airline code is invalid. Contract is not included in the list. Credit card must be an object",
    );
  });

  it("humanises like Rails, keeping an _id suffix", () => {
    expect(humanize("exp_month")).toBe("Exp month");
    expect(humanize("ip")).toBe("Ip");
    expect(humanize("device_id")).toBe("Device id");
  });

  it("renders an empty tree as an empty string", () => {
    expect(renderErrorMessage({})).toBe("");
  });
});

describe("addError / mergeErrorTrees / isEmptyErrorTree", () => {
  it("nests by path, stringifies indices and puts an empty path under base", () => {
    const tree: ErrorTree = {};
    addError(tree, ["travel", "airline", "legs", 0, "class"], "is invalid");
    addError(tree, [], "Duplicate transaction");
    expect(tree).toEqual({
      travel: { airline: { legs: { "0": { class: ["is invalid"] } } } },
      base: ["Duplicate transaction"],
    });
  });

  it("keeps a message once per field", () => {
    const tree: ErrorTree = {};
    addError(tree, ["amount"], "is not a number");
    addError(tree, ["amount"], "is not a number");
    addError(tree, ["amount"], "must be an integer");
    expect(tree).toEqual({ amount: ["is not a number", "must be an integer"] });
  });

  it("moves a field's own messages under base when nested errors arrive", () => {
    const tree: ErrorTree = { credit_card: ["can't be blank"] };
    addError(tree, ["credit_card", "number"], "is invalid");
    expect(tree).toEqual({ credit_card: { base: ["can't be blank"], number: ["is invalid"] } });
    addError(tree, ["credit_card"], "must be an object");
    expect(tree).toEqual({
      credit_card: { base: ["can't be blank", "must be an object"], number: ["is invalid"] },
    });
  });

  it("merges deeply without touching the inputs and without duplicates", () => {
    const a: ErrorTree = { credit_card: { number: ["is invalid"] } };
    const b: ErrorTree = { credit_card: { number: ["is invalid"], holder: ["can't be blank"] }, ip: ["x"] };
    expect(mergeErrorTrees(a, b)).toEqual({
      credit_card: { number: ["is invalid"], holder: ["can't be blank"] },
      ip: ["x"],
    });
    expect(a).toEqual({ credit_card: { number: ["is invalid"] } });
  });

  it("treats trees without messages as empty", () => {
    expect(isEmptyErrorTree({})).toBe(true);
    expect(isEmptyErrorTree({ customer: {} })).toBe(true);
    expect(isEmptyErrorTree({ customer: { ip: ["address is invalid"] } })).toBe(false);
    expect(isEmptyErrorTree({ customer: { ip: [] }, billing_address: { state: {} } })).toBe(true);
    expect(isEmptyErrorTree({ a: {}, travel: { airline: { code: ["is invalid"] } } })).toBe(false);
  });
});

describe("errorTreeFromZod", () => {
  const schema = z.object({
    amount: z.number({ error: "is not a number" }),
    legs: z.array(z.object({ airline_code: z.string().regex(/^[A-Z]{2}$/, "is invalid") })),
  });

  it("nests issue paths including array indices", () => {
    const result = schema.safeParse({ amount: "x", legs: [{ airline_code: "AB" }, { airline_code: "1" }] });
    expect(result.success).toBe(false);
    expect(errorTreeFromZod(result.error!)).toEqual({
      amount: ["is not a number"],
      legs: { "1": { airline_code: ["is invalid"] } },
    });
  });

  it("puts issues without a path under base", () => {
    const result = z.string({ error: "Request body must be a JSON object" }).safeParse(5);
    expect(errorTreeFromZod(result.error!)).toEqual({ base: ["Request body must be a JSON object"] });
  });

  it("reports paths relative to a wrapper but keeps errors on the wrapper itself", () => {
    const wrapped = z.object({ request: z.object({ amount: z.number({ error: "is not a number" }) }) });
    const inner = wrapped.safeParse({ request: { amount: "x" } });
    expect(errorTreeFromZod(inner.error!, { within: ["request"] })).toEqual({ amount: ["is not a number"] });
    const outer = z.object({ request: z.object({}, { error: "can't be blank" }) }).safeParse({});
    expect(errorTreeFromZod(outer.error!, { within: ["request"] })).toEqual({ request: ["can't be blank"] });
  });
});

describe("validationErrorBody", () => {
  it("pairs the tree with its rendered message", () => {
    const errors = { ip: ["address is invalid", "can't be blank"] };
    expect(validationErrorBody(errors)).toEqual({
      message: "Ip address is invalid. Ip can't be blank",
      errors,
    });
  });
});
