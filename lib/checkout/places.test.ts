import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "@/lib/contracts/countries";
import { CA_PROVINCES, US_STATES } from "@/lib/contracts/regions";
import { countryOptions, regionOptions } from "./places";

describe("countryOptions", () => {
  it("names every code the gateway accepts in the page's language, sorted for it", () => {
    const english = countryOptions("en");
    expect(english.map((option) => option.code).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(english.find((option) => option.code === "DE")?.name).toBe("Germany");
    const german = countryOptions("de");
    expect(german.find((option) => option.code === "DE")?.name).toBe("Deutschland");
    const names = german.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
  });
});

describe("regionOptions", () => {
  it("lists every US state and Canadian province code the gateway accepts, with names", () => {
    const regions = regionOptions("en");
    expect(regions.US.map((option) => option.code).sort()).toEqual([...US_STATES].sort());
    expect(regions.CA.map((option) => option.code).sort()).toEqual([...CA_PROVINCES].sort());
    expect(regions.CA.find((option) => option.code === "QC")?.name).toBe("Quebec");
    expect(regions.US[0].name).toBe("Alabama");
  });
});
