import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactions } from "@/lib/db/schema";
import { BIN_TABLE } from "@/lib/gateway/cards/bin-table";
import {
  postTokenization,
  startTestGateway,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
} from "../harness";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

/**
 * Truncation as PCI DSS allows it: the first 8 and last 4 digits only of a number of 16 digits or more, the first 6
 * and last 4 of a shorter one, in the API answer, the stored transaction, the merchant's webhook and the log. One
 * number of each length for each brand of the BIN table (the gateway takes any 12-19 digit Luhn-valid number,
 * whatever its brand's usual lengths).
 */

const LENGTHS = [12, 13, 14, 15, 16, 19];
// Schemes on 8-digit BINs, and co-badged with one (Belkart 911250 is co-badged with Maestro).
const BIN_8_PREFIXES: Record<string, string> = {
  visa: "40000566",
  master: "55555555",
  maestro: "67677000",
  belkart: "91125000",
};

function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid number of `length` digits starting with `prefix`, its other digits from `serial`. */
function cardNumber(prefix: string, length: number, serial: number): string {
  const fill = String(serial)
    .padStart(length - prefix.length - 1, "0")
    .slice(-(length - prefix.length - 1));
  const body = `${prefix}${fill}`;
  return body + luhnCheckDigit(body);
}

const brands = [...new Set(BIN_TABLE.map((entry) => entry.brand))];
const cases = brands.flatMap((brand, brandIndex) => {
  const prefix =
    BIN_8_PREFIXES[brand] ?? `${BIN_TABLE.find((entry) => entry.brand === brand)!.prefix.slice(0, 6)}00`;
  return LENGTHS.map((length, lengthIndex) => ({
    brand,
    length,
    number: cardNumber(prefix, length, 7 + brandIndex * 10 + lengthIndex),
    bin8Expected: length >= 16 && brand in BIN_8_PREFIXES,
  }));
});

let gateway: TestGateway;
let shop: TestShop;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [gateway, receiver] = await Promise.all([startTestGateway(), startWebhookReceiver()]);
  receiver.answer = () => ({ status: 200, body: "" });
  // Sixty new cards in a few seconds: more than the default new-card cap allows a shop.
  shop = await gateway.createShop({ new_card_limit_per_minute: 0 });
});

afterAll(async () => {
  await Promise.all([gateway?.close(), receiver?.close()]);
});

describe("card numbers of every length and brand", () => {
  it("covers each brand of the BIN table at each length", () => {
    expect(brands.length).toBeGreaterThanOrEqual(10);
    expect(cases).toHaveLength(brands.length * LENGTHS.length);
    for (const { number, length } of cases) expect(number).toHaveLength(length);
  });

  it.each(cases)(
    "$brand, $length digits: bin_8 only from 16 digits, and no more digits anywhere",
    async ({ brand, number, length, bin8Expected }) => {
      const logged = gateway.logs.length;
      const response = await postTokenization(
        gateway,
        shop,
        tokenizationRequest(
          { notification_url: `${receiver.origin}/hooks/${length}` },
          { number, verification_value: brand === "amex" ? "1234" : "123" },
        ),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { transaction } = response.body;
      expect(transaction.credit_card).toMatchObject({
        bin: number.slice(0, 6),
        bin_8: bin8Expected ? number.slice(0, 8) : null,
        last_4: number.slice(-4),
        first_1: number.slice(0, 1),
      });

      const [row] = await gateway.runtime.deps.db
        .select({ body: transactions.body })
        .from(transactions)
        .where(eq(transactions.uid, transaction.uid));
      receiver.received.length = 0;
      while ((await gateway.runtime.notifications.runOnce()) > 0);
      expect(receiver.received).toHaveLength(1);
      const webhook = receiver.received[0].body;
      expect(JSON.parse(webhook).transaction.credit_card.bin_8).toBe(
        bin8Expected ? number.slice(0, 8) : null,
      );

      const places = {
        answer: JSON.stringify(response.body),
        stored: JSON.stringify(row.body),
        webhook,
        log: gateway.logs.slice(logged).join(""),
      };
      for (const [place, text] of Object.entries(places)) {
        expect(text, place).not.toContain(number);
        // A shorter number shows its first 6 and last 4 only: never digits 7 and 8 after the first 6.
        if (length < 16) expect(text, place).not.toContain(number.slice(0, 8));
      }
    },
  );
});
