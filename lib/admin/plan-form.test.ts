import { describe, expect, it } from "vitest";
import { planBodyFromForm, planFormErrors } from "./plan-form";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({
    title: "Coffee club",
    amount: "9.99",
    currency: "EUR",
    interval: "1",
    interval_unit: "month",
    trial_days: "",
    ...values,
  })) {
    data.set(name, value);
  }
  return data;
}

describe("planBodyFromForm", () => {
  it("turns the form into POST /plans' body, the price in minor units", () => {
    expect(planBodyFromForm(form({}))).toEqual({
      ok: true,
      body: {
        title: "Coffee club",
        currency: "EUR",
        plan: { amount: 999, interval: 1, interval_unit: "month" },
      },
    });
    expect(planBodyFromForm(form({ trial_days: "14", currency: "JPY", amount: "1200" }))).toMatchObject({
      ok: true,
      body: { plan: { amount: 1200 }, trial: { amount: 0, interval: 14, interval_unit: "day" } },
    });
  });

  it("reads the price in ISO 4217 decimals with thousands separators, as the admin shows amounts", () => {
    expect(planBodyFromForm(form({ currency: "HUF", amount: "1,250.00" }))).toMatchObject({
      ok: true,
      body: { plan: { amount: 125000 } },
    });
    expect(planBodyFromForm(form({ currency: "IQD", amount: "1,250.500" }))).toMatchObject({
      ok: true,
      body: { plan: { amount: 1250500 } },
    });
    expect(planBodyFromForm(form({ currency: "EUR", amount: "0.00" }))).toMatchObject({
      ok: false,
      errors: { amount: ["must be greater than 0"] },
    });
    expect(planBodyFromForm(form({ currency: "JPY", amount: "9.5" }))).toMatchObject({
      ok: false,
      errors: { amount: ["has more than 0 decimals"] },
    });
    expect(planBodyFromForm(form({ currency: "EUR", amount: "900719925474099.99" }))).toMatchObject({
      ok: false,
      errors: { amount: ["is too large"] },
    });
  });

  it("refuses what a browser form can get wrong, beside each field", () => {
    const refused = planBodyFromForm(
      form({ title: "", amount: "9.999", interval: "0", interval_unit: "fortnight", trial_days: "x" }),
    );
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.errors).sort()).toEqual([
      "amount",
      "interval",
      "interval_unit",
      "title",
      "trial_days",
    ]);
    expect(planBodyFromForm(form({ currency: "XXQ" }))).toMatchObject({
      ok: false,
      errors: { currency: [expect.any(String)] },
    });
  });
});

describe("planFormErrors", () => {
  it("puts the gateway's nested errors under the form's fields", () => {
    expect(
      planFormErrors({
        title: ["can't be blank"],
        plan: { amount: ["must be greater than 0"], interval_unit: ["is not included in the list"] },
        trial: { interval: ["must be greater than 0"] },
        billing_cycles: ["is not a number"],
      }),
    ).toEqual({
      title: ["can't be blank"],
      amount: ["must be greater than 0"],
      interval_unit: ["is not included in the list"],
      trial_days: ["must be greater than 0"],
      base: ["billing_cycles is not a number"],
    });
  });
});
