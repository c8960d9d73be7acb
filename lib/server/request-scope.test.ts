import { describe, expect, it } from "vitest";
import { runWithRequestId } from "./request-id";
import { oncePerRequest } from "./request-id-current";

describe("oncePerRequest", () => {
  it("reads once per request and key: the request's later askers share the first answer", async () => {
    let reads = 0;
    const read = (key: string) => oncePerRequest(`test:${key}`, async () => `${key} #${++reads}`);
    const first = await runWithRequestId("request-1", async () => [
      await read("a"),
      await read("a"),
      await Promise.resolve().then(() => read("a")),
      await read("b"),
    ]);
    expect(first).toEqual(["a #1", "a #1", "a #1", "b #2"]);
    // Another request reads again: nothing is kept from one request to the next.
    expect(await runWithRequestId("request-2", () => read("a"))).toBe("a #3");
    expect(reads).toBe(3);
  });

  it("shares a read still under way, and reads every time outside a request", async () => {
    let reads = 0;
    const slow = () =>
      oncePerRequest(
        "test:slow",
        () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 10)),
      );
    expect(await runWithRequestId("request-3", () => Promise.all([slow(), slow()]))).toEqual([1, 1]);
    expect([await slow(), await slow()]).toEqual([2, 3]);
  });
});
