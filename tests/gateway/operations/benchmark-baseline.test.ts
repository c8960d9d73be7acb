import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, withFreshDatabase } from "../../../bench/server-process";
import { candidates } from "../card-limits-helpers";
import { usePostgres } from "../harness";

/**
 * The benchmark's baseline with every rule (`/rules/…`, bench/baseline-server.ts) is what the gateway's speed is
 * judged against: it must do the work it claims — refuse a repeated request within the duplicate window, refuse a
 * sixth number of one card family, count a refund's parent against what was refunded — or its figures flatter it.
 * Run on the embedded database, as `npm run bench:gateway` runs without `--postgres`, and so once: not again in the
 * PostgreSQL suite, which it would not exercise.
 */

function cardRequest(number: string, amount = 1999) {
  return {
    request: {
      amount,
      currency: "USD",
      description: "Baseline check",
      credit_card: {
        number,
        verification_value: "123",
        holder: "Bench Mark",
        exp_month: "12",
        exp_year: "2040",
      },
    },
  };
}

describe.skipIf(usePostgres)("the benchmark's baseline with every rule", () => {
  let base: string;
  let server: ChildProcess;
  let finished: Promise<void>;
  let release: () => void;

  beforeAll(async () => {
    const started = new Promise<void>((resolveStarted, rejectStarted) => {
      finished = withFreshDatabase("rules-test", null, async (env) => {
        try {
          const { child, words } = await startServer("bench/baseline-server.ts", env, []);
          server = child;
          base = `http://127.0.0.1:${words[0]}`;
          resolveStarted();
        } catch (error) {
          rejectStarted(error);
          return;
        }
        // The data directory is removed once the tests are done with the server.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await stopServer(server);
      });
    });
    await started;
    // A baseline process on a fresh embedded store, started beside the rest of the suite on two cores.
  }, 180_000);

  afterAll(async () => {
    // Not started in time: nothing waits to be released, and the process (if it came up late) is stopped here.
    if (!release) {
      if (server) await stopServer(server);
      return;
    }
    release();
    await finished;
  }, 60_000);

  async function post(
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it.each(["/rules/transactions/payments", "/rules/transactions/tokenizations"])(
    "%s refuses a repeat within the window, and not the same card for another amount",
    async (path) => {
      const number = path.endsWith("payments") ? "4111111111111111" : "5555555555554444";
      expect((await post(path, cardRequest(number))).status).toBe(200);
      const repeat = await post(path, cardRequest(number));
      expect(repeat).toEqual({ status: 422, body: { message: "Duplicate transaction" } });
      expect((await post(path, cardRequest(number, 2999))).status).toBe(200);
    },
  );

  it.each([
    ["/rules/transactions/payments", "42424242"],
    ["/rules/transactions/tokenizations", "52525252"],
  ])("%s refuses a sixth number of one card family", async (path, bin8) => {
    const numbers = candidates(bin8, "1234").slice(0, 6);
    for (const number of numbers.slice(0, 5))
      expect((await post(path, cardRequest(number))).status).toBe(200);
    const sixth = await post(path, cardRequest(numbers[5]));
    expect(sixth).toEqual({ status: 422, body: { message: "Too many cards of this family" } });
  });

  it("/rules/transactions/refunds counts what the parent has refunded", async () => {
    const paid = await post("/rules/transactions/payments", cardRequest("4012888888881881", 1000));
    const parent = (paid.body.transaction as { uid: string; status: string }).uid;
    expect((paid.body.transaction as { status: string }).status).toBe("successful");
    const refund = { parent_uid: parent, amount: 600, reason: "Baseline check" };
    expect((await post("/rules/transactions/refunds", { request: refund })).status).toBe(200);
    const over = await post("/rules/transactions/refunds", { request: refund });
    expect(over).toEqual({ status: 422, body: { message: "Amount can't be greater than 400." } });
  });
});
