import { isIP } from "node:net";

/**
 * Which IP addresses a server-side request to a merchant URL may reach. Anything that is not a public unicast
 * address is refused: a merchant-supplied URL pointing at loopback, the private network or a cloud metadata
 * service would otherwise let anyone with shop credentials probe the inside of the deployment (SSRF).
 */
export type BlockedRange =
  | "unspecified"
  | "loopback"
  | "private"
  | "carrier-grade NAT"
  | "link-local"
  | "cloud metadata"
  | "multicast"
  | "reserved";

interface Range {
  network: bigint;
  prefix: number;
  kind: BlockedRange;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** Expands any IPv6 text form (`::`, embedded IPv4, zone id) to its 128-bit value. */
function ipv6ToBigInt(address: string): bigint {
  let text = address.replace(/%.*$/, "");
  const embeddedIpv4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embeddedIpv4) {
    const value = ipv4ToBigInt(embeddedIpv4[1]);
    text = `${text.slice(0, -embeddedIpv4[1].length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function ipv4Range(cidr: string, kind: BlockedRange): Range {
  const [address, prefix] = cidr.split("/");
  return { network: ipv4ToBigInt(address), prefix: Number(prefix), kind };
}

function ipv6Range(cidr: string, kind: BlockedRange): Range {
  const [address, prefix] = cidr.split("/");
  return { network: ipv6ToBigInt(address), prefix: Number(prefix), kind };
}

// Most specific first: the metadata addresses sit inside the link-local and unique-local ranges.
const IPV4_BLOCKED: Range[] = [
  ipv4Range("169.254.169.254/32", "cloud metadata"),
  ipv4Range("0.0.0.0/8", "unspecified"),
  ipv4Range("10.0.0.0/8", "private"),
  ipv4Range("100.64.0.0/10", "carrier-grade NAT"),
  ipv4Range("127.0.0.0/8", "loopback"),
  ipv4Range("169.254.0.0/16", "link-local"),
  ipv4Range("172.16.0.0/12", "private"),
  ipv4Range("192.0.0.0/24", "reserved"),
  ipv4Range("192.168.0.0/16", "private"),
  ipv4Range("198.18.0.0/15", "reserved"),
  ipv4Range("224.0.0.0/4", "multicast"),
  // Includes the broadcast address 255.255.255.255.
  ipv4Range("240.0.0.0/4", "reserved"),
];

const IPV6_BLOCKED: Range[] = [
  ipv6Range("fd00:ec2::254/128", "cloud metadata"),
  ipv6Range("::/128", "unspecified"),
  ipv6Range("::1/128", "loopback"),
  ipv6Range("100::/64", "reserved"),
  // Local-use IPv4/IPv6 translation (RFC 8215): a NAT64 of the deployment's own network, which reaches whatever
  // IPv4 address it embeds (private ones included) wherever in the prefix the operator chose to put it.
  ipv6Range("64:ff9b:1::/48", "private"),
  ipv6Range("fc00::/7", "private"),
  ipv6Range("fe80::/10", "link-local"),
  // Site-local: deprecated, but still routed inside some networks.
  ipv6Range("fec0::/10", "private"),
  ipv6Range("ff00::/8", "multicast"),
];

/** IPv6 forms that carry an IPv4 address in their last 32 bits and reach it: mapped, compatible, NAT64. */
const IPV4_CARRYING_PREFIXES = [
  ipv6Range("::ffff:0:0/96", "reserved"),
  ipv6Range("64:ff9b::/96", "reserved"),
];
const IPV4_COMPATIBLE = ipv6Range("::/96", "reserved");
/** 6to4: the IPv4 address of the relay-reached host sits in bits 16 to 47. */
const SIX_TO_FOUR = ipv6Range("2002::/16", "reserved");

function inRange(value: bigint, range: Range, bits: number): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.network >> shift;
}

function classifyIpv4(value: bigint): BlockedRange | null {
  return IPV4_BLOCKED.find((range) => inRange(value, range, 32))?.kind ?? null;
}

/**
 * Why `address` may not be contacted, or null when it is a public address. Anything that is not an IP address
 * at all is refused as `reserved`, so a caller can never mistake garbage for a safe address.
 */
export function classifyAddress(address: string): BlockedRange | null {
  const version = isIP(address.replace(/%.*$/, ""));
  if (version === 4) return classifyIpv4(ipv4ToBigInt(address));
  if (version !== 6) return "reserved";
  const value = ipv6ToBigInt(address);
  const direct = IPV6_BLOCKED.find((range) => inRange(value, range, 128))?.kind;
  if (direct) return direct;
  const embedded = value & 0xffff_ffffn;
  if (IPV4_CARRYING_PREFIXES.some((range) => inRange(value, range, 128))) return classifyIpv4(embedded);
  // `::a.b.c.d` (IPv4-compatible, deprecated) still reaches a.b.c.d on some stacks.
  if (inRange(value, IPV4_COMPATIBLE, 128)) return classifyIpv4(embedded);
  if (inRange(value, SIX_TO_FOUR, 128)) return classifyIpv4((value >> 80n) & 0xffff_ffffn);
  return null;
}
