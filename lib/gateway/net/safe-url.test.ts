import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MerchantUnreachableError, postToMerchant } from "./post-to-merchant";
import { BlockedAddressError, guardedLookup, resolveAllowedAddresses } from "./safe-url";

const strict = { allowPrivateUrls: false };
const open = { allowPrivateUrls: true };

describe("resolveAllowedAddresses", () => {
  it("refuses a name that resolves to loopback", async () => {
    await expect(resolveAllowedAddresses("localhost", strict)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowedAddresses("localhost", strict)).rejects.toMatchObject({ range: "loopback" });
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["[::1]", "loopback"],
    ["10.0.0.1", "private"],
    ["169.254.169.254", "cloud metadata"],
  ])("refuses the literal %s without resolving anything", async (host, range) => {
    const resolve = async () => {
      throw new Error("a literal must not be resolved");
    };
    await expect(resolveAllowedAddresses(host, strict, resolve)).rejects.toMatchObject({ range });
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    await expect(resolveAllowedAddresses("mixed.test", strict, resolve)).rejects.toMatchObject({
      address: "10.0.0.7",
      range: "private",
    });
  });

  it("passes public addresses through, and anything when private URLs are allowed", async () => {
    const resolve = async () => [{ address: "93.184.215.14", family: 4 }];
    await expect(resolveAllowedAddresses("shop.test", strict, resolve)).resolves.toEqual([
      { address: "93.184.215.14", family: 4 },
    ]);
    const addresses = await resolveAllowedAddresses("localhost", open);
    expect(addresses.map((entry) => entry.address)).toContain("127.0.0.1");
  });
});

describe("guardedLookup", () => {
  function lookupOnce(
    lookup: ReturnType<typeof guardedLookup>,
    options: { all?: boolean; family?: number },
  ): Promise<{ error: Error | null; address: unknown; family?: number }> {
    return new Promise((resolve) => {
      lookup("rebinding.test", options, (error, address, family) => resolve({ error, address, family }));
    });
  }

  it("checks every resolution, so a name that rebinds to a private address is refused the second time", async () => {
    const answers = ["93.184.215.14", "127.0.0.1"];
    const lookup = guardedLookup(strict, async () => [{ address: answers.shift()!, family: 4 }]);
    expect(await lookupOnce(lookup, {})).toEqual({ error: null, address: "93.184.215.14", family: 4 });
    const second = await lookupOnce(lookup, {});
    expect(second.error).toBeInstanceOf(BlockedAddressError);
  });

  it("answers the list form that Node's connection racing asks for", async () => {
    const lookup = guardedLookup(strict, async () => [
      { address: "2606:4700:4700::1111", family: 6 },
      { address: "93.184.215.14", family: 4 },
    ]);
    const all = await lookupOnce(lookup, { all: true });
    expect(all.address).toEqual([
      { address: "2606:4700:4700::1111", family: 6 },
      { address: "93.184.215.14", family: 4 },
    ]);
    expect((await lookupOnce(lookup, { family: 4 })).address).toBe("93.184.215.14");
  });
});

describe("postToMerchant", () => {
  let server: http.Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits++;
      request.resume();
      request.on("end", () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const post = (url: string, check = strict) =>
    postToMerchant({ url, body: "{}", headers: {}, timeoutMs: 2_000, ...check });

  it.each([
    "http://127.0.0.1:PORT/hook",
    "http://localhost:PORT/hook",
    "http://[::1]:PORT/hook",
    "http://[::ffff:127.0.0.1]:PORT/hook",
    "http://2130706433:PORT/hook",
    "http://0x7f.1:PORT/hook",
    "http://10.0.0.1/hook",
    "http://169.254.169.254/latest/meta-data/",
  ])("refuses %s before sending anything", async (template) => {
    const before = hits;
    const attempt = post(template.replace("PORT", String(port)));
    await expect(attempt).rejects.toBeInstanceOf(MerchantUnreachableError);
    await expect(attempt).rejects.toThrow(/Refused to connect/);
    expect(hits).toBe(before);
  });

  it("reaches the same server by name and by address when private URLs are allowed", async () => {
    expect((await post(`http://localhost:${port}/hook`, open)).status).toBe(204);
    expect((await post(`http://127.0.0.1:${port}/hook`, open)).status).toBe(204);
  });

  it("refuses URLs that are not http(s)", async () => {
    await expect(post("file:///etc/passwd", open)).rejects.toThrow(/Unsupported URL scheme/);
  });
});
