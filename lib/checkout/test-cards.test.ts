import { describe, expect, it } from "vitest";
import { TEST_CARDS, testCardsFor } from "./test-cards";

describe("the test band's cards", () => {
  it("offer the 3-D Secure cards only where attempts go through 3-D Secure", () => {
    expect(testCardsFor(false).map((card) => card.outcome)).toEqual(["success", "decline"]);
    expect(testCardsFor(true)).toEqual(TEST_CARDS);
  });
});
