import type { GatewayDeps } from "../context";
import { applyDueDisputeEvents, pollAcquirerDisputes } from "./dispute-inbox";
import { decideTestDisputes } from "./test-outcomes";

/** How often every instance reads the acquirer's disputes and applies what is due (the sandbox's "within seconds"). */
export const DISPUTE_FEED_MS = 2_000;

/**
 * One turn of the dispute feed: what the acquirer reported is taken into the inbox and applied, then the test bank
 * decides the test disputes that are due. Resolves to how many disputes changed.
 */
export async function runDisputeFeed(
  deps: Pick<GatewayDeps, "config" | "db" | "logger" | "clock" | "keyring" | "outbox" | "acquirer">,
): Promise<number> {
  await pollAcquirerDisputes(deps);
  const applied = await applyDueDisputeEvents(deps);
  return applied + (await decideTestDisputes(deps));
}
