import { headers } from "next/headers";
import { CLIENT_ADDRESS_HEADER } from "@/lib/server/client-address";

/**
 * The address of the browser behind the current Next.js request, as `server.ts` resolved it; undefined outside a
 * request (scripts, tests), where there is nobody to forward.
 */
export async function currentClientAddress(): Promise<string | undefined> {
  try {
    return (await headers()).get(CLIENT_ADDRESS_HEADER) ?? undefined;
  } catch {
    return undefined;
  }
}
