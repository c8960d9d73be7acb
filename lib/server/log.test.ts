import { describe, expect, it } from "vitest";
import { accessLogger, createLogger, maskCredentials, maskProcessOutput } from "./log";

const VISA = "4111111111111111";
const VISA_MASKED = "411111******1111";
const MASTERCARD = "5555555555554444";
const MASTERCARD_MASKED = "555555******4444";
const AMEX = "378282246310005";
const AMEX_MASKED = "378282*****0005";

// Fields pino adds to every line: their digits (a millisecond timestamp, the process id, a host name) may hold
// any short code by chance, so checks for a code that must be gone look at everything else.
const VOLATILE_FIELDS = ["time", "pid", "hostname"];

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", destination: { write: (line: string) => lines.push(line) } });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    logger,
    output: () => lines.join(""),
    records,
    /** Every line as written minus the volatile fields (each line must still be valid JSON). */
    outputWithoutVolatileFields: () =>
      records()
        .map((record) => {
          for (const field of VOLATILE_FIELDS) {
            expect(record).toHaveProperty(field);
            delete record[field];
          }
          return JSON.stringify(record);
        })
        .join("\n"),
  };
}

describe("createLogger", () => {
  it("writes one JSON line per entry at the configured level", () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "warn",
      destination: { write: (line: string) => lines.push(line) },
    });
    logger.info("hidden");
    logger.warn({ shopId: 7 }, "shown");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, shopId: 7, msg: "shown" });
  });

  describe("path redaction", () => {
    it("redacts card data in the request shapes the gateway logs", () => {
      const { logger, output, records, outputWithoutVolatileFields } = capture();
      const card = { number: VISA, verification_value: "987", month: 12, year: 2030 };
      logger.info({ credit_card: card });
      logger.info({ request: { credit_card: card } });
      logger.info({ body: { request: { credit_card: card } } });
      logger.info({ number: MASTERCARD });
      expect(output()).not.toContain(VISA);
      expect(output()).not.toContain(MASTERCARD);
      expect(outputWithoutVolatileFields()).not.toContain("987");
      const [flat, nested, deep, top] = records();
      expect(flat).toMatchObject({
        credit_card: { number: "[REDACTED]", verification_value: "[REDACTED]", month: 12 },
      });
      expect(nested).toMatchObject({ request: { credit_card: { number: "[REDACTED]", year: 2030 } } });
      expect(deep).toMatchObject({ body: { request: { credit_card: { number: "[REDACTED]" } } } });
      expect(top).toMatchObject({ number: "[REDACTED]" });
    });

    it("redacts authorization and cookie headers", () => {
      const { logger, output, records } = capture();
      logger.info({
        req: { headers: { authorization: "Token abc-sentinel-1", cookie: "session=sentinel-2" } },
      });
      logger.info({ headers: { authorization: "Token abc-sentinel-3", "set-cookie": "session=sentinel-4" } });
      logger.info({ upstream: { authorization: "Token abc-sentinel-5" } });
      expect(output()).not.toMatch(/sentinel/);
      const [req, headers] = records();
      expect(req).toMatchObject({ req: { headers: { authorization: "[REDACTED]", cookie: "[REDACTED]" } } });
      expect(headers).toMatchObject({ headers: { authorization: "[REDACTED]", "set-cookie": "[REDACTED]" } });
    });

    it("redacts secrets under every name they travel under", () => {
      const { logger, output } = capture();
      logger.info({
        secret_key: "sentinel-a",
        shop: { secretKey: "sentinel-b", webhook_secret: "sentinel-c", password: "sentinel-d" },
        keys: {
          master_key: "sentinel-e",
          private_key: "sentinel-f",
          privateKey: "sentinel-g",
          secret: "sentinel-h",
        },
      });
      expect(output()).not.toMatch(/sentinel/);
    });

    it("keeps card tokens, which support needs", () => {
      const { logger, records } = capture();
      const token = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
      logger.info({ token, card: { token } });
      expect(records()[0]).toMatchObject({ token, card: { token } });
    });
  });

  describe("pattern redaction", () => {
    it("masks a card number inside a message", () => {
      const { logger, output } = capture();
      logger.info(`charge failed for card ${VISA} at shop 3`);
      logger.info("charging %s", MASTERCARD);
      expect(output()).not.toContain(VISA);
      expect(output()).not.toContain(MASTERCARD);
      expect(output()).toContain(`charge failed for card ${VISA_MASKED} at shop 3`);
      expect(output()).toContain(`charging ${MASTERCARD_MASKED}`);
    });

    it("masks card numbers under keys nobody thought to name", () => {
      const { logger, output, records } = capture();
      logger.info({ upstream: { response: { echo: { pan_field: VISA, list: [AMEX] } } } });
      logger.info({ cardAsNumber: Number(VISA) });
      expect(output()).not.toContain(VISA);
      expect(output()).not.toContain(AMEX);
      const [nested, numeric] = records();
      expect(nested).toMatchObject({
        upstream: { response: { echo: { pan_field: VISA_MASKED, list: [AMEX_MASKED] } } },
      });
      expect(numeric).toMatchObject({ cardAsNumber: VISA_MASKED });
    });

    it("masks card numbers written with spaces or dashes", () => {
      const { logger, output } = capture();
      logger.info("card 4111 1111 1111 1111 expires 12/30");
      logger.info("card 5555-5555-5555-4444");
      logger.info("amex 3782 822463 10005 then year 2030");
      expect(output()).not.toContain("4111 1111 1111 1111");
      expect(output()).not.toContain("5555-5555-5555-4444");
      expect(output()).not.toContain("822463");
      expect(output()).toContain(`card ${VISA_MASKED} expires 12/30`);
      expect(output()).toContain(`card ${MASTERCARD_MASKED}`);
      expect(output()).toContain(`amex ${AMEX_MASKED} then year 2030`);
    });

    it("masks a card number run together with neighbouring numbers", () => {
      const { logger, output } = capture();
      logger.info("shop 12 card 4111 1111 1111 1111 2030");
      expect(output()).not.toContain("4111 1111 1111 1111");
      expect(output()).toContain(`shop 12 card ${VISA_MASKED} 2030`);
    });

    it("reveals no more than six leading and four trailing digits when stretches overlap", () => {
      const { logger, records } = capture();
      // "3 5555 5555 5555 4444 4" is also Luhn-valid, so the card cannot be told apart from its neighbours.
      logger.info("items 1 2 3 5555 5555 5555 4444 4 5 6 7 8 9 10 11");
      const msg = String(records()[0].msg);
      expect(msg).toMatch(/^items 1 2 \d{6}\*+\d{4}( \d{1,2})*$/);
      expect(msg.replace(/\D/g, "")).not.toMatch(/5555\d*5555/);
    });

    it("masks card numbers in error messages and stacks", () => {
      const { logger, output } = capture();
      logger.error(new Error(`gateway rejected ${VISA}`));
      logger.error({ err: new Error(`gateway rejected ${MASTERCARD}`) }, "charge failed");
      expect(output()).not.toContain(VISA);
      expect(output()).not.toContain(MASTERCARD);
      expect(output()).toContain(VISA_MASKED);
    });

    it("keeps the cause of an error that carries binary values (a failed query's parameters)", () => {
      const { logger, records } = capture();
      const cause = Object.assign(new Error('violates check constraint "some_check"'), {
        params: [Buffer.from("sealed")],
      });
      const error = Object.assign(new Error("Failed query: insert into cards"), {
        params: ["tok", 1, Buffer.from("sealed card")],
        cause,
      });
      logger.error({ err: error }, "unhandled gateway error");
      const err = records()[0].err as Record<string, unknown>;
      // pino's error serializer appends the cause's message.
      expect(err.message).toBe('Failed query: insert into cards: violates check constraint "some_check"');
      expect(err.params).toEqual(["tok", 1, "[11 bytes]"]);
      expect(JSON.stringify(err)).toContain("some_check");
    });

    it("masks card numbers inside a request body logged as a JSON string", () => {
      const { logger, output } = capture();
      logger.info({ raw: JSON.stringify({ credit_card: { number: VISA, verification_value: "123" } }) });
      expect(output()).not.toContain(VISA);
      expect(output()).not.toMatch(/\\"verification_value\\":\\"123\\"/);
      expect(output()).toContain(VISA_MASKED);
    });

    it("redacts security codes wherever they appear", () => {
      const { logger, records, outputWithoutVolatileFields } = capture();
      logger.info({ form: { cvv: "4821" }, other: { cvc: 5937 } });
      logger.info({ raw: '{"verification_value":"6153"}' });
      logger.info("posted number=x&verification_value=7364&cvv=2846");
      logger.info({ nested: { deeper: { deepest: { further: { verification_value: "8175" } } } } });
      const output = outputWithoutVolatileFields();
      expect(output.split("\n")).toHaveLength(4);
      for (const code of ["4821", "5937", "6153", "7364", "2846", "8175"]) {
        expect(output).not.toContain(code);
      }
      expect(records()[0]).toMatchObject({ form: { cvv: "[REDACTED]" }, other: { cvc: "[REDACTED]" } });
    });

    it("redacts Basic and Bearer credentials", () => {
      const basic = Buffer.from("shop_1:sk_live_sentinel").toString("base64");
      const { logger, output } = capture();
      logger.info(`upstream replied 401 to Basic ${basic}`);
      logger.info({ forwarded: { "x-auth": "Bearer eyJhbGciOiJIUzI1NiJ9.sentinel.sig" } });
      expect(output()).not.toContain(basic);
      expect(output()).not.toMatch(/sentinel/);
      expect(output()).toContain("Basic [REDACTED]");
      expect(output()).toContain("Bearer [REDACTED]");
    });

    it("leaves prose after Basic as written, and still masks a credential that reads like a word", () => {
      const { logger, output } = capture();
      logger.info("  demo shops (test mode; HTTP Basic shop id / secret key):");
      // All lower-case letters, yet the base64 of `user:password`: still a credential.
      const wordLike = "dzqknbpj";
      expect(Buffer.from(wordLike, "base64").toString("latin1")).toContain(":");
      logger.info(`retrying with Basic ${wordLike} and Basic secretkey1 and Bearer token`);
      expect(output()).toContain("HTTP Basic shop id / secret key");
      expect(output()).not.toContain(wordLike);
      expect(output()).not.toContain("secretkey1");
      expect(output()).toContain("Bearer [REDACTED]");
      expect(maskCredentials("HTTP Basic shop id / secret key")).toBe("HTTP Basic shop id / secret key");
    });

    it("leaves numbers that are not card numbers alone", () => {
      const { logger, output, records } = capture();
      const orderId = "4111111111111112";
      logger.info({ orderId, orderIdNumber: Number(orderId), amount: 1999 }, `order ${orderId} paid`);
      expect(output()).toContain(`order ${orderId} paid`);
      expect(records()[0]).toMatchObject({ orderId, orderIdNumber: Number(orderId), amount: 1999 });
    });

    it("leaves timestamps, UUIDs and tokens intact", () => {
      const { logger, records } = capture();
      // Luhn-valid, so only the timestamp rule keeps it.
      const epochMs = 1700000000004;
      const uuid = "12345678-1234-4123-8123-411111111117";
      const token = "0123456789abcdef4111111111111111fedcba98765432100123456789abcdef";
      logger.info({ at: epochMs, uuid, token });
      const [record] = records();
      expect(record).toMatchObject({ at: epochMs, uuid, token });
      expect(typeof record.time).toBe("number");
    });

    it("masks checkout tokens in URLs: the gateway's, the hosted page's and merchant return URLs", () => {
      const { logger, output, records } = capture();
      const token = "9f3a5c7e".concat("0123456789abcdef".repeat(3), "deadbeef");
      expect(token).toHaveLength(64);
      accessLogger(logger).info({ method: "GET", path: `/gateway/ctp/api/checkouts/${token}`, status: 200 });
      accessLogger(logger).info({ method: "POST", path: `/gateway/ctp/api/checkouts/${token}/cancel` });
      logger.error({ path: `/checkout/${token}/result` }, "checkout app request failed");
      logger.warn(`redirecting to https://shop.example/ok?status=successful&token=${token.toUpperCase()}`);
      accessLogger(logger).info({ method: "GET", path: `/gateway/subscription_cards/${token}`, status: 200 });
      accessLogger(logger).info({
        method: "GET",
        path: `/subscription_cancel/${token}?lang=de`,
        status: 200,
      });
      expect(output()).not.toMatch(/deadbeef/i);
      expect(output()).not.toContain(token.slice(8));
      expect(records()[0].path).toBe("/gateway/ctp/api/checkouts/9f3a5c7e[REDACTED]");
      expect(records()[2].path).toBe("/checkout/9f3a5c7e[REDACTED]/result");
      expect(records()[3].msg).toContain("token=9F3A5C7E[REDACTED]");
      // A subscription's card-update and cancel links are capabilities too.
      expect(records()[4].path).toBe("/gateway/subscription_cards/9f3a5c7e[REDACTED]");
      expect(records()[5].path).toBe("/subscription_cancel/9f3a5c7e[REDACTED]?lang=de");
      // A card token is not a session's credential, and support searches for it.
      logger.info({ credit_card: { token } });
      expect(records()[6]).toMatchObject({ credit_card: { token } });
    });

    it("keeps every line valid JSON", () => {
      const { logger, records } = capture();
      logger.info({ a: Number(VISA), b: [Number(MASTERCARD), 1], c: `x"${VISA}"y` }, `quote " and ${AMEX}`);
      logger.info({ fraction: Number(`0.${VISA}`), negative: -Number(VISA), big: 4.111111111111111e25 });
      expect(() => records()).not.toThrow();
    });
  });
});

describe("maskProcessOutput", () => {
  it("masks checkout tokens and credentials in what the framework writes, strings and bytes alike", () => {
    const written: unknown[] = [];
    const stream = { write: (chunk: unknown) => written.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
    maskProcessOutput([stream]);
    const token = "ab".repeat(32);
    stream.write(` ⨯ Error: failed to render /checkout/${token}\n`);
    stream.write(Buffer.from(`GET /checkout/${token}/return Authorization: Bearer ${token}\n`));
    const untouched = Buffer.from([0xe2, 0x82]);
    stream.write(untouched);
    expect(String(written[0])).toBe(" ⨯ Error: failed to render /checkout/abababab[REDACTED]\n");
    expect(String(written[1])).toBe(
      "GET /checkout/abababab[REDACTED]/return Authorization: Bearer [REDACTED]\n",
    );
    expect(written[2]).toBe(untouched);
  });
});
