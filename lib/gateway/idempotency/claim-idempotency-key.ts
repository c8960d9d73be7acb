import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { IDEMPOTENCY_KEY_TTL_SECONDS, reusedIdempotencyKeyMessage } from "@/lib/contracts/idempotency";
import { idempotencyKeys, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { selectRenderable, transactionFromRow } from "../transactions/transaction-view";
import { completeIdempotencyKey } from "./complete-idempotency-key";
import type { IdempotencyClaim, IdempotentRequest, StoredResponse } from "./idempotency-key";

/** How long a repeat waits for the first request's response before answering 409 (the client may retry). */
export const IDEMPOTENCY_WAIT_MS = 30_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;
/**
 * A pending claim untouched for this long belongs to a request that is gone (its instance was killed, say): far
 * longer than a live request takes to bind its key to its first money transaction, which it does moments after
 * claiming it. Unbound, such a claim is taken over by the next repeat (nothing of it can move money: a request that
 * comes back to life finds its claim gone and gives up before writing); bound, its transaction's answer is the key's.
 */
export const SILENT_CLAIM_SECONDS = 60;

export type ClaimOutcome =
  | ({ kind: "claimed" } & IdempotencyClaim)
  | { kind: "replay"; response: StoredResponse };

/** The row of `request`'s key, while it is still held by `claim` (every write of the claim's holder is conditional). */
export function heldBy(request: IdempotentRequest, claim: IdempotencyClaim): SQL {
  return and(
    eq(idempotencyKeys.shopId, request.shopId),
    eq(idempotencyKeys.key, request.key),
    eq(idempotencyKeys.createdAt, claim.claimedAt),
    or(eq(idempotencyKeys.state, "pending"), eq(idempotencyKeys.state, "held")),
  ) as SQL;
}

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
 * A request binds its key to its first money transaction before writing it (`bindKeyToTransaction`), and a
 * request that ended without an answer after that leaves its key `held`: from then on the key's answer is the
 * transaction's, once the recovery sweeps have finished it (409 until then) — and so is the answer of a claim whose
 * holder went silent (`SILENT_CLAIM_SECONDS`) after binding. A silent claim that never bound is taken over.
 *
 * Another request under the same key → 422. A key past its 24 h is taken over as if new.
 */
export async function claimIdempotencyKey({
  deps,
  request,
  waitMs = IDEMPOTENCY_WAIT_MS,
  finishAbandoned,
}: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  request: IdempotentRequest;
  waitMs?: number;
  /**
   * Finishes the transaction of a `held` key now (its request is over), as a recovery sweep would later; without it,
   * repeats are answered 409 until the sweep's turn.
   */
  finishAbandoned?: (transactionUid: string) => Promise<void>;
}): Promise<ClaimOutcome> {
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
      .returning({ claimedAt: idempotencyKeys.createdAt });
    if (inserted.length > 0) return { kind: "claimed", claimedAt: inserted[0].claimedAt };

    // An expired key is free again: whichever repeat updates it first owns it, the others read it as pending.
    const renewed = await db
      .update(idempotencyKeys)
      .set({
        requestHash: request.requestHash,
        state: "pending",
        responseStatus: null,
        responseContentType: null,
        responseBody: null,
        transactionUid: null,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .where(and(matches, lte(idempotencyKeys.expiresAt, now)))
      .returning({ claimedAt: idempotencyKeys.createdAt });
    if (renewed.length > 0) return { kind: "claimed", claimedAt: renewed[0].claimedAt };

    // A claim whose holder went silent before binding it to any transaction: nothing of it can have moved money.
    const silentSince = sql`${now} - make_interval(secs => ${SILENT_CLAIM_SECONDS})`;
    const takenOver = await db
      .update(idempotencyKeys)
      .set({ createdAt: now, updatedAt: now })
      .where(
        and(
          matches,
          eq(idempotencyKeys.state, "pending"),
          eq(idempotencyKeys.requestHash, request.requestHash),
          isNull(idempotencyKeys.transactionUid),
          lte(idempotencyKeys.updatedAt, silentSince),
        ),
      )
      .returning({ claimedAt: idempotencyKeys.createdAt });
    if (takenOver.length > 0) return { kind: "claimed", claimedAt: takenOver[0].claimedAt };

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
    // The first request ended without an answer after starting its transaction, or went silent: the transaction's
    // answer, once it has one, is the key's; until then, 409 at once (nothing runs that could store an answer sooner
    // than the recovery sweeps). A live request's bound key is waited for like any other.
    if (
      existing.transactionUid !== null &&
      (existing.state === "held" || isSilent(existing.updatedAt, clock))
    ) {
      let response = await finishedTransactionAnswer(deps, request.shopId, existing.transactionUid);
      if (response === "incomplete" && existing.state === "held" && finishAbandoned) {
        await finishAbandoned(existing.transactionUid);
        response = await finishedTransactionAnswer(deps, request.shopId, existing.transactionUid);
      }
      if (response === "missing" && existing.state === "held") {
        // Bound, then its write failed (rolled back: a written row would be here), and the request is over: nothing
        // can write that transaction any more, so the key is free.
        const freed = await db
          .update(idempotencyKeys)
          .set({ state: "pending", transactionUid: null, createdAt: now, updatedAt: now })
          .where(
            and(
              matches,
              eq(idempotencyKeys.state, "held"),
              eq(idempotencyKeys.createdAt, existing.createdAt),
            ),
          )
          .returning({ claimedAt: idempotencyKeys.createdAt });
        if (freed.length > 0) return { kind: "claimed", claimedAt: freed[0].claimedAt };
        continue;
      }
      // Still in flight, or bound by a silent request that may yet write it.
      if (response === "missing" || response === "incomplete") {
        throw new GatewayError("idempotent_request_in_progress");
      }
      await completeIdempotencyKey({
        deps,
        where: and(matches, eq(idempotencyKeys.transactionUid, existing.transactionUid)) as SQL,
        response,
      });
      return { kind: "replay", response };
    }
    if (Date.now() - startedAt >= waitMs) throw new GatewayError("idempotent_request_in_progress");
    await sleep(pollMs);
    pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
  }
}

function isSilent(updatedAt: Date, clock: GatewayDeps["clock"]): boolean {
  return clock.now().getTime() - updatedAt.getTime() >= SILENT_CLAIM_SECONDS * 1000;
}

/**
 * The answer the request would have given for its transaction (`200 {"transaction": …}`, as the money routes
 * answer), once the transaction is finished; what keeps it from having one otherwise.
 */
async function finishedTransactionAnswer(
  deps: Pick<GatewayDeps, "db">,
  shopId: number,
  uid: string,
): Promise<StoredResponse | "missing" | "incomplete"> {
  const [row] = await selectRenderable(deps.db).where(
    and(eq(transactions.uid, uid), eq(transactions.shopId, shopId)),
  );
  if (!row) return "missing";
  if (row.status === "incomplete") return "incomplete";
  return {
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ transaction: transactionFromRow(row) }),
  };
}
