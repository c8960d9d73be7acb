import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { ClaimLoop } from "./claim-loop";

function collectingLogger(): { logger: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: "warn" }, stream), lines };
}

const waitFor = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 2_000) throw new Error("condition not met in 2 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe("ClaimLoop", () => {
  it("takes the next turn at once after a full batch, and waits the poll interval after one that was not", async () => {
    const started: number[] = [];
    // Three full batches, then nothing due.
    const loop = new ClaimLoop({
      failure: "claiming failed",
      pollIntervalMs: 60_000,
      logger: collectingLogger().logger,
      turn: async () => {
        started.push(Date.now());
        return started.length <= 3;
      },
    });
    loop.start();
    await waitFor(() => started.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toHaveLength(4);
    await loop.stop();
    expect(loop.running).toBe(false);
  });

  it("wakes a waiting loop on a nudge, and a nudge during a turn means one more turn", async () => {
    let turns = 0;
    let release: (() => void) | null = null;
    const loop = new ClaimLoop({
      failure: "claiming failed",
      pollIntervalMs: 60_000,
      logger: collectingLogger().logger,
      turn: async () => {
        turns++;
        if (turns === 2) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
    });
    loop.start();
    await waitFor(() => turns === 1);
    loop.nudge();
    await waitFor(() => release !== null);
    // Nudged while the second turn runs: a third follows without waiting the interval.
    loop.nudge();
    (release as unknown as () => void)();
    await waitFor(() => turns === 3);
    await loop.stop();
  });

  it("logs a failed turn and goes on; stop waits for the turn in progress", async () => {
    const { logger, lines } = collectingLogger();
    let turns = 0;
    let finished = false;
    const loop = new ClaimLoop({
      failure: "test worker: claiming failed",
      pollIntervalMs: 1,
      logger,
      turn: async () => {
        turns++;
        if (turns === 1) throw new Error("database away");
        await new Promise((resolve) => setTimeout(resolve, 30));
        finished = true;
        return false;
      },
    });
    loop.start();
    await waitFor(() => turns === 2);
    await loop.stop();
    expect(finished).toBe(true);
    expect(
      lines.some((line) => line.includes("test worker: claiming failed") && line.includes("database away")),
    ).toBe(true);
    const after = turns;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(turns).toBe(after);
  });
});
