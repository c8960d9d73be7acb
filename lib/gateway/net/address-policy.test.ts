import { describe, expect, it } from "vitest";
import { classifyAddress } from "./address-policy";

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.20", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::7", "private"],
    ["64:ff9b:1::a00:1", "private"],
    ["64:ff9b:1:ffff:ffff:ffff:ffff:ffff", "private"],
    ["64:ff9b:1::808:808", "private"],
    ["169.254.0.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["169.254.169.254", "cloud metadata"],
    ["fd00:ec2::254", "cloud metadata"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
  ])("refuses %s (%s)", (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "cloud metadata"],
    ["0:0:0:0:0:ffff:c0a8:0101", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["::127.0.0.1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["2002:a9fe:a9fe::1", "cloud metadata"],
  ])("refuses the IPv4 address inside %s (%s)", (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "169.253.255.255",
    "11.0.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows the public address %s", (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  it.each(["localhost", "", "example.com", "1.2.3", "::ffff:zz"])(
    "refuses %j, which is no IP address",
    (value) => {
      expect(classifyAddress(value)).toBe("reserved");
    },
  );
});
