import { describe, expect, it } from "vitest";
import { resolveClientAddress, throttleAddress } from "./client-address";

describe("resolveClientAddress", () => {
  it("is the socket's address for a direct client, whatever X-Forwarded-For it sends", () => {
    expect(resolveClientAddress({ socketAddress: "203.0.113.9", forwardedFor: "127.0.0.1" })).toBe(
      "203.0.113.9",
    );
    expect(resolveClientAddress({ socketAddress: "::ffff:203.0.113.9", forwardedFor: undefined })).toBe(
      "203.0.113.9",
    );
  });

  it("believes the last X-Forwarded-For entry from loopback and from the trusted proxies", () => {
    expect(
      resolveClientAddress({ socketAddress: "127.0.0.1", forwardedFor: "198.51.100.7, 203.0.113.9" }),
    ).toBe("203.0.113.9");
    expect(resolveClientAddress({ socketAddress: "::1", forwardedFor: "2001:db8::1" })).toBe("2001:db8::1");
    expect(
      resolveClientAddress({
        socketAddress: "10.0.0.5",
        forwardedFor: "203.0.113.9",
        trustedProxies: ["10.0.0.5"],
      }),
    ).toBe("203.0.113.9");
    expect(
      resolveClientAddress({
        socketAddress: "10.0.0.6",
        forwardedFor: "203.0.113.9",
        trustedProxies: ["10.0.0.5"],
      }),
    ).toBe("10.0.0.6");
  });

  it("falls back to the proxy's own address when the header is missing or not an address", () => {
    expect(resolveClientAddress({ socketAddress: "127.0.0.1", forwardedFor: "" })).toBe("127.0.0.1");
    expect(resolveClientAddress({ socketAddress: "127.0.0.1", forwardedFor: "203.0.113.9, evil" })).toBe(
      "127.0.0.1",
    );
    expect(resolveClientAddress({ socketAddress: undefined, forwardedFor: "203.0.113.9" })).toBe("unknown");
  });
});

describe("throttleAddress", () => {
  it("groups IPv6 clients by /64, whatever the text form", () => {
    const sameLine = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:a:b:c:d",
      "2001:db8:1:2:0:0:1.2.3.4",
      "fe80::1%eth0".replace("fe80::", "2001:db8:1:2::"),
    ];
    for (const address of sameLine) expect(throttleAddress(address)).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 addresses and anything else as they are", () => {
    expect(throttleAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(throttleAddress("203.0.113.10")).toBe("203.0.113.10");
    expect(throttleAddress("unknown")).toBe("unknown");
    expect(throttleAddress("local")).toBe("local");
  });
});
