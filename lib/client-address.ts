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

export function resolveClientAddress(options: {
  socketAddress: string | undefined;
  forwardedFor: string | null | undefined;
  trustedProxies?: readonly string[];
}): string {
  const socket = options.socketAddress ? normalize(options.socketAddress) : "unknown";
  const trusted =
    isLoopback(socket) || (options.trustedProxies ?? []).some((proxy) => normalize(proxy) === socket);
  if (!trusted || !options.forwardedFor) return socket;
  const last = normalize(options.forwardedFor.split(",").at(-1) ?? "");
  return isIP(last) ? last : socket;
}
