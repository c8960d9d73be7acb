import { isIP } from "node:net";

/**
 * Who is on the other end of a request, for throttling and velocity limits. The socket's address is the answer,
 * except when the socket belongs to a proxy we trust: then the last `X-Forwarded-For` entry, the address that
 * proxy saw, is. Only that last entry counts, because a client can write anything in the entries before it.
 *
 * Trusted are loopback (the checkout app calling its own gateway, or a reverse proxy on the same host) and the
 * addresses in `TRUSTED_PROXIES`. Without this, every shopper and merchant reaching the gateway through the
 * checkout app would share the app's address, and ten wrong sign-ins would lock all of them out.
 */
export const CLIENT_ADDRESS_HEADER = "x-tessera-client-address";

function normalize(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, "");
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed).toLowerCase();
}

function isLoopback(address: string): boolean {
  return address === "::1" || /^127\./.test(address);
}

/** Loopback or one of `TRUSTED_PROXIES`: a peer that speaks for other clients (and names them in X-Forwarded-For). */
export function isTrustedProxy(address: string, trustedProxies: readonly string[]): boolean {
  const peer = normalize(address);
  return isLoopback(peer) || trustedProxies.some((proxy) => normalize(proxy) === peer);
}

export function resolveClientAddress(options: {
  socketAddress: string | undefined;
  forwardedFor: string | null | undefined;
  trustedProxies?: readonly string[];
}): string {
  const socket = options.socketAddress ? normalize(options.socketAddress) : "unknown";
  if (!isTrustedProxy(socket, options.trustedProxies ?? []) || !options.forwardedFor) return socket;
  const last = normalize(options.forwardedFor.split(",").at(-1) ?? "");
  return isIP(last) ? last : socket;
}

const IPV6_GROUPS = 8;
const PREFIX_GROUPS = 4;

/** The eight 16-bit groups of an IPv6 address in any text form (`::`, an embedded IPv4 tail, a zone id). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : IPV6_GROUPS - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}

/**
 * The key a throttle counts a client under. An IPv6 client is its /64: one subscriber line or host is given a
 * whole /64 and can pick a fresh address in it for every request, so counting single addresses would let it
 * escape every limit. IPv4 addresses (and anything else) count as they are.
 */
export function throttleAddress(address: string): string {
  if (isIP(address.replace(/%.*$/, "")) !== 6) return address;
  const prefix = ipv6Groups(address.toLowerCase()).slice(0, PREFIX_GROUPS);
  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}
