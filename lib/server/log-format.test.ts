import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { accessLogger, createLogger } from "./log";
import { runWithRequestId } from "./request-id";

function sink() {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return { destination, text: () => chunks.join("") };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("log lines and requests", () => {
  it("tag every line written while a request runs with its id, however deep and late", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "info",
      destination: { write: (line: string) => lines.push(line) },
    });
    const access = accessLogger(logger);
    logger.info("before");
    await runWithRequestId("req-42.a_b", async () => {
      logger.child({ part: "x" }).info({ shopId: 1 }, "inside");
      await new Promise((resolve) => setTimeout(resolve, 5));
      access.info({ status: 200 }, "request");
    });
    logger.info("after");
    const records = lines.map((line) => JSON.parse(line));
    expect(records.map((record) => [record.msg, record.requestId])).toEqual([
      ["before", undefined],
      ["inside", "req-42.a_b"],
      ["request", "req-42.a_b"],
      ["after", undefined],
    ]);
    // The line's own fields are intact (the mixin's object is new each time).
    expect(records[1]).toMatchObject({ shopId: 1, part: "x" });
  });
});

describe("LOG_FORMAT=pretty", () => {
  it("writes one readable line per entry, redacted as the JSON lines are", async () => {
    const { destination, text } = sink();
    const logger = createLogger({ level: "info", format: "pretty", destination });
    await runWithRequestId("req-pretty", async () => {
      logger.info({ status: 201, note: "card 4111111111111111" }, "tokenization answered");
    });
    logger.warn("second line");
    await settle();
    const lines = text().trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: tokenization answered /);
    expect(lines[0]).toContain('"requestId":"req-pretty"');
    expect(lines[0]).toContain("411111******1111");
    expect(lines[0]).not.toContain("4111111111111111");
    expect(lines[1]).toMatch(/WARN: second line$/);
    // Not JSON lines: a person reads these.
    expect(() => JSON.parse(lines[0])).toThrow();
  });
});
