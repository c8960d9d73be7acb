import { setTimeout as sleep } from "node:timers/promises";
import type { MiddlewareHandler } from "hono";
import {
  IDEMPOTENCY_HEADERS,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyHeader,
  idempotencyKeySchema,
  invalidIdempotencyKeyMessage,
} from "@/lib/contracts/idempotency";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { claimIdempotencyKey, heldBy } from "../idempotency/claim-idempotency-key";
import { completeIdempotencyKey } from "../idempotency/complete-idempotency-key";
import { holdIdempotencyKey } from "../idempotency/hold-idempotency-key";
import { hashIdempotentRequest, type IdempotentRequest } from "../idempotency/idempotency-key";
import { runBindingKey } from "../idempotency/key-binding";
import { releaseIdempotencyKey } from "../idempotency/release-idempotency-key";
import { finishAbandonedPayment } from "../payments/recover-unanswered";
import type { GatewayEnv } from "./auth";
import { readRawBody } from "./body";
import { requestHeader } from "./headers";

/**
 * Answers that are not kept for replay: the request may well succeed when repeated (a server error, a rate limit,
 * a conflict with a request in progress), so the key is released instead — unless the request had started a money
 * transaction, when the key stays taken until its transaction is finished (`holdIdempotencyKey`).
 */
function isReplayable(status: number): boolean {
  return status < 500 && status !== 409 && status !== 429;
}

/**
 * Requests whose answer is a credential: the shop keeps its secret key sealed and a session id only as a hash, so a
 * replayable copy must not sit beside them. A repeat gains nothing from a replay either: after a rotation the old
 * key is refused, and a second sign-in is only a second session.
 */
const ISSUES_CREDENTIALS = new Set(["/shop/secret_key", "/shop/sessions"]);

/** `write`, tried up to five times half a second apart; the last failure is thrown. */
async function withRetries(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(500);
    }
  }
}

function idempotencyHeader(c: Parameters<MiddlewareHandler>[0]): [IdempotencyHeader, string] | null {
  for (const header of IDEMPOTENCY_HEADERS) {
    const value = requestHeader(c, header);
    if (value !== undefined) return [header, value];
  }
  return null;
}

/**
 * `RequestID` / `Idempotency-Key` on a POST made with shop credentials: the first request under a key runs and
 * its response is kept 24 h; a repeat with the same body gets that response again with `Idempotent-Replayed:
 * true` (waiting for it if the first is still running), a repeat with another body 422. The hosted page's
 * requests (checkout token) and the shopper's pages are not merchant requests and pass through.
 */
export function idempotency(deps: GatewayDeps): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST" || c.get("checkoutToken") !== undefined || !c.get("shop")) return next();
    // The same request whether it came under /gateway or at the origin's root.
    const path = c.req.path.replace(/^\/gateway(?=\/)/, "");
    if (ISSUES_CREDENTIALS.has(path)) return next();
    const found = idempotencyHeader(c);
    if (!found) return next();
    const [header, key] = found;
    if (!idempotencyKeySchema.safeParse(key).success) {
      throw GatewayError.base(invalidIdempotencyKeyMessage(header));
    }
    const request: IdempotentRequest = {
      shopId: c.get("shop").id,
      header,
      key,
      requestHash: hashIdempotentRequest(deps.keyring.hashes, {
        method: c.req.method,
        path,
        body: await readRawBody(c),
      }),
    };
    const claim = await claimIdempotencyKey({
      deps,
      request,
      finishAbandoned: (transactionUid) => finishAbandonedPayment(deps, request.shopId, transactionUid),
    });
    if (claim.kind === "replay") {
      const { status, contentType, body } = claim.response;
      const headers: Record<string, string> = { [IDEMPOTENT_REPLAYED_HEADER]: "true" };
      if (contentType) headers["Content-Type"] = contentType;
      return c.body(body, status as 200, headers);
    }
    const { result, transactionUid } = await runBindingKey(deps, request, claim, () => next());
    // Once a money transaction was written, money may move: a key is given up only by a request that wrote none.
    // Retried for a few seconds: a request that failed with its database (a failover) would otherwise leave its key
    // pending, and its repeats waiting, until the claim goes silent.
    const giveUp = () =>
      withRetries(() =>
        transactionUid === null
          ? releaseIdempotencyKey({ deps, request, claim })
          : holdIdempotencyKey({ deps, request, claim }),
      );
    if (result.status === "rejected") {
      await giveUp();
      throw result.reason;
    }
    const response = c.res;
    if (!isReplayable(response.status)) {
      await giveUp();
      return;
    }
    try {
      await completeIdempotencyKey({
        deps,
        where: heldBy(request, claim),
        response: {
          status: response.status,
          contentType: response.headers.get("content-type"),
          body: await response.clone().text(),
        },
      });
    } catch (error) {
      // The request itself is done (money may have moved): its answer goes out. The key stays pending, so a
      // repeat is answered 409 rather than run a second time.
      deps.logger.error({ err: error }, "idempotency: the response could not be stored");
    }
  };
}
