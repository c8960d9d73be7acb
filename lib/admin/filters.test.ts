import { describe, expect, it } from "vitest";
import { filtersToSearch, readTransactionFilters } from "./filters";

describe("transaction filters in the URL", () => {
  it("reads a transaction type, and drops one the gateway does not know", () => {
    expect(readTransactionFilters(new URLSearchParams("type=refund&status=successful"))).toEqual({
      page: 1,
      status: "successful",
      type: "refund",
    });
    expect(readTransactionFilters({ type: "sale" })).toEqual({ page: 1 });
  });

  it("writes them back without the defaults", () => {
    expect(filtersToSearch({ page: 1, type: "capture" })).toBe("?type=capture");
  });
});
