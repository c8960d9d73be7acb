import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, lte, sql } from "drizzle-orm";
import { IDEMPOTENCY_KEY_TTL_SECONDS, reusedIdempotencyKeyMessage } from "@/lib/contracts/idempotency";
import { idempotencyKeys, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { transactionFromRow } from "../transactions/build-transaction";
import { completeIdempotencyKey } from "./complete-idempotency-key";
import type { IdempotentRequest, StoredResponse } from "./idempotency-key";

/** How long a repeat waits for the first request's response before answering 409 (the client may retry). */
export const IDEMPOTENCY_WAIT_MS = 30_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

export type IdempotencyClaim = { kind: "claimed" } | { kind: "replay"; response: StoredResponse };

/**
 * Claims `request.key` for this request, or finds the response of the request that claimed it first.
 *
 * The claim is a row inserted before the request runs, with the primary key (shop, key): of any number of
 * repeats arriving at once on any number of instances, the database lets exactly one insert it. The others see
 * it `pending` and poll until its response is stored (then they replay it) or the claim is released (the first
 * request failed without an answer worth keeping: then one of them claims it anew). Polling, not a lock held
 * open across the request: the request itself needs connections from the same pool, and 32 repeats each holding
 * one while waiting could leave none for the request they wait for.
 *
 * Another request under the same key → 422. A key past its 24 h is taken over as if new.
 */
export async function claimIdempotencyKey({
  deps,
  request,
  waitMs = IDEMPOTENCY_WAIT_MS,
}: {
  deps: GatewayDeps;
  request: IdempotentRequest;
  waitMs?: number;
}): Promise<IdempotencyClaim> {
  const { db, clock } = deps;
  const now = clock.sqlNow();
  const expiresAt = sql`${now} + make_interval(secs => ${IDEMPOTENCY_KEY_TTL_SECONDS})`;
  const matches = and(eq(idempotencyKeys.shopId, request.shopId), eq(idempotencyKeys.key, request.key));
  const startedAt = Date.now();
  let pollMs = FIRST_POLL_MS;
  for (;;) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        shopId: request.shopId,
        key: request.key,
        requestHash: request.requestHash,
        state: "pending",
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: "claimed" };

    // An expired key is free again: whichever repeat updates it first owns it, the others read it as pending.
    const renewed = await db
      .update(idempotencyKeys)
      .set({
        requestHash: request.requestHash,
        state: "pending",
        responseStatus: null,
        responseContentType: null,
        responseBody: null,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .where(and(matches, lte(idempotencyKeys.expiresAt, now)))
      .returning({ key: idempotencyKeys.key });
    if (renewed.length > 0) return { kind: "claimed" };

    const [existing] = await db.select().from(idempotencyKeys).where(matches);
    // Released between the insert and this read: try to claim it again.
    if (!existing) continue;
    if (existing.requestHash !== request.requestHash) {
      throw GatewayError.base(reusedIdempotencyKeyMessage(request.header));
    }
    if (existing.state === "completed") {
      return {
        kind: "replay",
        response: {
          status: existing.responseStatus ?? 200,
          contentType: existing.responseContentType,
          body: existing.responseBody ?? "",
        },
      };
    }
    // The first request failed after asking the acquirer: its transaction's answer, once it has one, is the
    // key's; until then, 409 at once (nothing runs that could store an answer sooner than the recovery sweep).
    if (existing.transactionUid !== null) {
      const response = await finishedTransactionAnswer(deps, request.shopId, existing.transactionUid);
      if (!response) throw new GatewayError("idempotent_request_in_progress");
      await completeIdempotencyKey({ deps, request, response });
      return { kind: "replay", response };
    }
    if (Date.now() - startedAt >= waitMs) throw new GatewayError("idempotent_request_in_progress");
    await sleep(pollMs);
    pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
  }
}

/**
 * The answer the request would have given for its transaction (`200 {"transaction": …}`, as the money routes
 * answer), once the transaction is finished; null while it is still `incomplete`.
 */
async function finishedTransactionAnswer(
  deps: GatewayDeps,
  shopId: number,
  uid: string,
): Promise<StoredResponse | null> {
  const [row] = await deps.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.uid, uid), eq(transactions.shopId, shopId)));
  if (!row || row.status === "incomplete") return null;
  return {
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ transaction: transactionFromRow(row) }),
  };
}
