import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { type BlockedRange, classifyAddress } from "./address-policy";

/** A merchant URL whose host is (or resolves to) an address server-side requests may not reach. */
export class BlockedAddressError extends Error {
  readonly code = "EADDRBLOCKED";

  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: BlockedRange,
  ) {
    super(`Refused to connect to ${hostname}: ${address} is a ${range} address`);
    this.name = "BlockedAddressError";
  }
}

export interface AddressCheck {
  /** `ALLOW_PRIVATE_URLS`: skip the check (development, tests, merchants on the same private network). */
  allowPrivateUrls: boolean;
}

export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const resolveWithSystem: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Every address of `hostname` (an IP literal is its own address), refused as a whole when any of them is not
 * public: a name with one public and one private address would let the connection pick the private one.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  check: AddressCheck,
  resolve: ResolveHost = resolveWithSystem,
): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  const literalVersion = isIP(bare);
  const addresses = literalVersion ? [{ address: bare, family: literalVersion }] : await resolve(bare);
  if (addresses.length === 0) throw new Error(`${bare} has no address`);
  if (!check.allowPrivateUrls) {
    for (const { address } of addresses) {
      const range = classifyAddress(address);
      if (range) throw new BlockedAddressError(bare, address, range);
    }
  }
  return addresses;
}

/**
 * A `lookup` for node:http/node:net that connects only to addresses it has just checked. The check and the
 * connection use the same resolution, so a name that answers with a public address to a first query and a
 * private one to the next (DNS rebinding) cannot slip through.
 */
export function guardedLookup(check: AddressCheck, resolve: ResolveHost = resolveWithSystem): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowedAddresses(hostname, check, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: "ENOTFOUND" }),
            "",
          );
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0].address, usable[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
