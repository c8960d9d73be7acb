import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { CHILD_TRANSACTION_TYPES, type ChildTransactionType } from "@/lib/contracts/child-transaction";
import { transactions, transactionsInFlight } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import type { OwnBody } from "../transactions/own-body";
import { selectRenderable, storedResult } from "../transactions/transaction-view";
import { askAcquirerAboutChild, parentRefId } from "./ask-acquirer-about-child";
import { finishedChildBody } from "./child-body";
import { finishChildTransaction } from "./finish-child-transaction";

/** A child still `incomplete` this long after it was made has lost its request (an error, a stopped instance). */
export const STALE_CHILD_SECONDS = 60;
const BATCH_SIZE = 100;

/**
 * Finishes captures, voids and refunds left `incomplete` — their amount reserved — by a request that got no answer
 * from the acquirer, or by an instance that stopped between reserving and finishing: the acquirer is asked again
 * with the child's uid as idempotency key (it answers a repeat as it answered the first, so money moves at most
 * once) and the child is finished as the request would have. Safe beside a request still waiting for a slow
 * answer, and beside other instances sweeping: only one finish of a child takes effect. Resolves to how many of
 * them are finished after it.
 */
export async function resumeChildTransactions({ deps }: { deps: GatewayDeps }): Promise<number> {
  // Each with the body of the payment or authorization it descends from, which its response shows.
  const stale = await selectRenderable(deps.db)
    // The transactions that have not ended, not every transaction (migration 0029).
    .innerJoin(transactionsInFlight, eq(transactionsInFlight.uid, transactions.uid))
    .where(
      and(
        inArray(transactionsInFlight.type, [...CHILD_TRANSACTION_TYPES]),
        lt(
          transactionsInFlight.createdAt,
          sql`${deps.clock.sqlNow()} - make_interval(secs => ${STALE_CHILD_SECONDS})`,
        ),
        eq(transactions.status, "incomplete"),
      ),
    )
    .orderBy(asc(transactionsInFlight.createdAt))
    .limit(BATCH_SIZE);
  const parentUids = [...new Set(stale.flatMap((child) => (child.parentUid ? [child.parentUid] : [])))];
  const parents = parentUids.length
    ? await deps.db.select().from(transactions).where(inArray(transactions.uid, parentUids))
    : [];
  const parentByUid = new Map(parents.map((parent) => [parent.uid, parent]));
  let finished = 0;
  for (const child of stale) {
    const parent = child.parentUid ? parentByUid.get(child.parentUid) : undefined;
    if (!parent) continue;
    const shop = await deps.shops.get(child.shopId);
    if (!shop) continue;
    const type = child.type as ChildTransactionType;
    const reason = (child.body as { reason?: string | null }).reason ?? "";
    const answer = await askAcquirerAboutChild(
      deps,
      type,
      parentRefId(parent.uid, storedResult(parent)),
      child,
      reason,
    );
    if (!answer) continue;
    const row = await finishChildTransaction({
      deps,
      parentOptions: {
        shopId: shop.id,
        uid: parent.uid,
        authorizationExpiryDays: shop.settings.authorization_expiry_days,
      },
      originBody: child.originBody as OwnBody,
      child,
      status: answer.status,
      body: finishedChildBody({ deps, shop, child, type, answer }),
    });
    if (row.status !== "incomplete") finished += 1;
  }
  return finished;
}
