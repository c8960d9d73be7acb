import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import {
  type ChildRequest,
  type ChildTransactionType,
  parseChildRequest,
} from "@/lib/contracts/child-transaction";
import { type ErrorTree, isEmptyErrorTree, renderErrorMessage } from "@/lib/contracts/errors";
import { DUPLICATE_TRANSACTION } from "@/lib/contracts/messages";
import type { Transaction } from "@/lib/contracts/transaction";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { transactionFromRow } from "../tokenization/build-transaction";
import { DUPLICATE_WINDOW_SECONDS } from "../tokenization/duplicate-check";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { childBody, finishedChildBody } from "./child-body";
import { finishChildTransaction } from "./finish-child-transaction";
import { type LockedParent, lockParent } from "./parent-lock";

/** A child type's own rules: the errors of `request` against its locked parent (empty when it may go ahead). */
export type ChildRules = (parent: LockedParent, request: ChildRequest) => ErrorTree;

/**
 * A 422 of a child request. Its message ends with a period, as beGateway writes these ("Reason can't be
 * blank."), which the beGateway clients' own tests match.
 */
function childValidationError(errors: ErrorTree): GatewayError {
  return new GatewayError("validation_failed", { errors, message: `${renderErrorMessage(errors)}.` });
}

/**
 * A capture, void or refund, in three steps, so that no lock is held while the acquirer answers (it may take
 * seconds) and the parent is still never exceeded:
 *
 * 1. Under the parent's row lock (`lockParent`), the type's rules are checked against what the parent has left,
 *    counting the children in flight, and the child is inserted `incomplete`: its amount is reserved. Commit.
 * 2. The acquirer is asked, with the child's uid as the idempotency key.
 * 3. Under the lock again, the child gets the answer (`successful`, `failed` or `error`), which releases the
 *    reservation unless it succeeded, and the parent's `amounts` are brought up to date.
 */
export async function createChildTransaction({
  deps,
  shop,
  body,
  type,
  rules,
}: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  body: unknown;
  type: ChildTransactionType;
  rules: ChildRules;
}): Promise<Transaction> {
  const parsed = parseChildRequest(type, body);
  if (!parsed.ok) throw childValidationError(parsed.errors);
  const request = parsed.value;
  const uid = randomUUID();
  const lockOptions = {
    shopId: shop.id,
    uid: request.parent_uid,
    clock: deps.clock,
    authorizationExpiryDays: shop.settings.authorization_expiry_days,
  };

  const { parent, child } = await deps.db.transaction(async (tx) => {
    const parent = await lockParent(tx, lockOptions);
    const errors = rules(parent, request);
    if (!isEmptyErrorTree(errors)) throw childValidationError(errors);
    if (request.duplicate_check && (await hasRecentChild(tx, parent.row.uid, type, request.amount, deps))) {
      throw GatewayError.base(DUPLICATE_TRANSACTION);
    }
    const now = deps.clock.sqlNow();
    const [child] = await tx
      .insert(transactions)
      .values({
        uid,
        shopId: shop.id,
        type,
        parentUid: parent.row.uid,
        status: "incomplete",
        amount: request.amount,
        currency: parent.row.currency,
        trackingId: request.tracking_id ?? parent.row.trackingId,
        trackingIds: splitTrackingIds(request.tracking_id ?? parent.row.trackingId ?? undefined),
        cardToken: parent.row.cardToken,
        duplicateFingerprint: null,
        test: parent.row.test,
        body: childBody({ deps, shop, parent: parent.row, uid, type, request }),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { parent, child };
  });

  const answer = await askAcquirer(deps, type, parent.row, child, request);
  // No answer: the child stays `incomplete`, its amount reserved, rather than be released while the acquirer may
  // have moved the money; the merchant sees the status and asks again about the uid.
  if (!answer) return transactionFromRow(child);
  const finished = await finishChildTransaction({
    deps,
    lockOptions,
    child,
    status: answer.status,
    body: finishedChildBody({ deps, shop, child, type, answer }),
  });
  return transactionFromRow(finished);
}

/** Same parent, type and amount less than 30 s ago (whatever became of it), decided under the parent's lock. */
async function hasRecentChild(
  tx: Parameters<Parameters<GatewayDeps["db"]["transaction"]>[0]>[0],
  parentUid: string,
  type: ChildTransactionType,
  amount: number,
  deps: GatewayDeps,
): Promise<boolean> {
  const [row] = await tx
    .select({ uid: transactions.uid })
    .from(transactions)
    .where(
      and(
        eq(transactions.parentUid, parentUid),
        eq(transactions.type, type),
        eq(transactions.amount, amount),
        gt(
          transactions.createdAt,
          sql`${deps.clock.sqlNow()} - make_interval(secs => ${DUPLICATE_WINDOW_SECONDS})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The acquirer's answer for the child. A call that fails without an answer (a timeout, a dropped connection) is
 * asked once more with the same idempotency key — the acquirer answers a repeat as it answered the first, so this
 * moves no money twice. Null when it fails again.
 */
async function askAcquirer(
  deps: GatewayDeps,
  type: ChildTransactionType,
  parent: TransactionRow,
  child: TransactionRow,
  request: ChildRequest,
): Promise<AcquirerAnswer | null> {
  const parentResult = (parent.body as Record<string, { ref_id?: string | null } | undefined>)[parent.type];
  const followUp = {
    idempotencyKey: child.uid,
    parentRefId: parentResult?.ref_id ?? parent.uid,
    amount: child.amount,
    currency: child.currency,
  };
  const call = () =>
    type === "capture"
      ? deps.acquirer.capture(followUp)
      : type === "void"
        ? deps.acquirer.void(followUp)
        : deps.acquirer.refund({ ...followUp, reason: request.reason ?? "" });
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await call();
    } catch (error) {
      deps.logger.warn({ err: error, transactionUid: child.uid, attempt }, "acquirer call failed");
    }
  }
  return null;
}
