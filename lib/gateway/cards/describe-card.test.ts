import { describe, expect, it } from "vitest";
import { CARD_BRANDS, detectBrand } from "@/lib/cards/brand";
import { BIN_TABLE } from "./bin-table";
import { describeCard } from "./describe-card";

describe("describeCard on the sandbox cards", () => {
  it("describes 4200000000000000", () => {
    expect(describeCard("4200000000000000")).toEqual({
      brand: "visa",
      bin: "420000",
      bin_8: "42000000",
      last_4: "0000",
      first_1: "4",
      issuer_country: "US",
      issuer_name: "Tessera Sandbox Bank",
      product: "F",
    });
  });

  it("describes 4005550000000019", () => {
    expect(describeCard("4005550000000019")).toEqual({
      brand: "visa",
      bin: "400555",
      bin_8: "40055500",
      last_4: "0019",
      first_1: "4",
      issuer_country: "GB",
      issuer_name: "Tessera Sandbox Bank",
      product: "A",
    });
  });

  it("describes the Visa 3-D Secure card 4012000000001097", () => {
    expect(describeCard("4012000000001097")).toEqual({
      brand: "visa",
      bin: "401200",
      bin_8: "40120000",
      last_4: "1097",
      first_1: "4",
      issuer_country: "DE",
      issuer_name: "Tessera 3-D Secure Sandbox Issuer",
      product: "F",
    });
  });

  it("describes the Mastercard 3-D Secure card 5204240000015003", () => {
    expect(describeCard("5204240000015003")).toEqual({
      brand: "master",
      bin: "520424",
      bin_8: "52042400",
      last_4: "5003",
      first_1: "5",
      issuer_country: "DE",
      issuer_name: "Tessera 3-D Secure Sandbox Issuer",
      product: "MCW",
    });
  });
});

describe("describeCard", () => {
  it("leaves bin_8 out for Amex", () => {
    expect(describeCard("378282246310005")).toEqual({
      brand: "amex",
      bin: "378282",
      bin_8: null,
      last_4: "0005",
      first_1: "3",
      issuer_country: "US",
      issuer_name: "Sandbox Federal Bank",
      product: null,
    });
  });

  it("gives maestro an 8-digit BIN", () => {
    const card = describeCard("6767700000000005");
    expect(card.brand).toBe("maestro");
    expect(card.bin_8).toBe("67677000");
  });

  it("gives bin_8 to a card co-badged with Maestro", () => {
    expect(describeCard("9112500000000005")).toEqual({
      brand: "belkart",
      bin: "911250",
      bin_8: "91125000",
      last_4: "0005",
      first_1: "9",
      issuer_country: "BY",
      issuer_name: "Nioman Sandbox Bank",
      product: null,
    });
  });

  it("leaves bin_8 out for a card co-badged only with schemes on 6-digit BINs", () => {
    const card = describeCard("2200700000000009");
    expect(card.brand).toBe("mir");
    expect(card.bin_8).toBeNull();
    expect(describeCard("9112000000000006").bin_8).toBeNull();
  });

  it("prefers an 8-digit entry over the 6-digit entry it falls under", () => {
    expect(describeCard("4000056655665556")).toMatchObject({
      brand: "visa",
      bin: "400005",
      bin_8: "40000566",
      issuer_name: "Harbour Test Debit",
      issuer_country: "IE",
      product: "L",
    });
    expect(describeCard("4000000000000002")).toMatchObject({
      bin: "400000",
      bin_8: "40000000",
      issuer_name: "Harbour Test Bank",
      issuer_country: "GB",
      product: "F",
    });
    expect(describeCard("5555555555554444")).toMatchObject({
      brand: "master",
      issuer_name: "Sandbox Federal Bank",
      issuer_country: "US",
      product: "MCW",
    });
    expect(describeCard("5555550000000002")).toMatchObject({
      brand: "master",
      issuer_name: "Harbour Test Bank",
      issuer_country: "GB",
      product: "MCS",
    });
  });

  it("falls back to the IIN ranges for a BIN missing from the table", () => {
    expect(describeCard("4999990000000007")).toEqual({
      brand: "visa",
      bin: "499999",
      bin_8: "49999900",
      last_4: "0007",
      first_1: "4",
      issuer_country: null,
      issuer_name: null,
      product: null,
    });
  });

  it("reports an unrecognised brand as unknown", () => {
    expect(describeCard("1234560000000009")).toEqual({
      brand: "unknown",
      bin: "123456",
      bin_8: null,
      last_4: "0009",
      first_1: "1",
      issuer_country: null,
      issuer_name: null,
      product: null,
    });
  });

  it("gives no bin_8 to a number shorter than 16 digits, whatever its brand", () => {
    for (const number of ["4222222222222", "676770000000005", "67677000000002", "676770000008"]) {
      const card = describeCard(number);
      expect([number, card.bin_8]).toEqual([number, null]);
      expect(card.bin).toBe(number.slice(0, 6));
    }
    expect(describeCard("4222222222222222222").bin_8).toBe("42222222");
  });

  it("describes a number shorter than 16 digits from its 6-digit BIN only", () => {
    // 40000566 is an 8-digit entry (Harbour Test Debit, IE) under the 6-digit 400005: its issuer would tell digits 7-8.
    expect(describeCard("4000056655667")).toMatchObject({
      brand: "visa",
      bin: "400005",
      bin_8: null,
      issuer_name: null,
      issuer_country: null,
      product: null,
    });
    expect(describeCard("4000056655665556").issuer_name).toBe("Harbour Test Debit");
  });

  it("refuses input that is not a 12-19 digit number without echoing it", () => {
    expect(() => describeCard("42000000000")).toThrow(RangeError);
    expect(() => describeCard("4200 0000 0000 0000")).toThrow(/12-19 digit/);
    expect(() => describeCard("4200 0000 0000 0000")).not.toThrow(/4200/);
  });
});

describe("BIN_TABLE", () => {
  it("has unique 6- or 8-digit prefixes", () => {
    const prefixes = BIN_TABLE.map((entry) => entry.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^(\d{6}|\d{8})$/);
  });

  it("agrees with the IIN ranges on every entry's brand", () => {
    for (const entry of BIN_TABLE)
      expect([entry.prefix, detectBrand(entry.prefix)]).toEqual([entry.prefix, entry.brand]);
  });

  it("uses known brands and alpha-2 countries", () => {
    for (const entry of BIN_TABLE) {
      expect(CARD_BRANDS).toContain(entry.brand);
      for (const coBrand of entry.coBrands ?? []) expect(CARD_BRANDS).toContain(coBrand);
      expect(entry.issuerCountry).toMatch(/^[A-Z]{2}$/);
      expect(entry.issuerName).not.toBe("");
    }
  });

  it("ships the gateway's sandbox BINs", () => {
    const prefixes = new Set(BIN_TABLE.map((entry) => entry.prefix));
    for (const prefix of ["420000", "400555", "401200", "520424"]) expect(prefixes).toContain(prefix);
  });
});
