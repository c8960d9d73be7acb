import { describe, expect, it } from "vitest";
import { minorUnitsOf, productBodyFromForm } from "./product-form";

describe("the new product form", () => {
  it("reads a price in major units as minor units of the currency", () => {
    expect(minorUnitsOf("12.5", "EUR")).toBe(1250);
    expect(minorUnitsOf("12,05", "EUR")).toBe(1205);
    expect(minorUnitsOf("300", "JPY")).toBe(300);
    expect(minorUnitsOf("1.5", "JPY")).toBe("1.5");
    expect(minorUnitsOf("1.234", "EUR")).toBe("1.234");
    expect(minorUnitsOf("abc", "EUR")).toBe("abc");
  });

  it("makes a product without quantity infinite and keeps only known visible fields", () => {
    const form = new FormData();
    for (const [name, value] of [
      ["name", " Mug "],
      ["description", "Blue"],
      ["amount", "9.99"],
      ["currency", "eur"],
      ["visible", "email"],
      ["visible", "shoe_size"],
      ["expired_at", "2031-01-02T03:04"],
      ["timezone_offset", "+02:00"],
    ]) {
      form.append(name, value);
    }
    expect(productBodyFromForm(form)).toMatchObject({
      name: "Mug",
      currency: "EUR",
      amount: 999,
      infinite: true,
      visible: ["email"],
      expired_at: "2031-01-02T03:04:00+02:00",
      transaction_type: "payment",
      success_url: null,
      test: false,
    });
  });
});
