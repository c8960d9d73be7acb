import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import {
  type ChildRequest,
  type ChildTransactionType,
  parseChildRequest,
} from "@/lib/contracts/child-transaction";
import { type ErrorTree, isEmptyErrorTree, renderErrorMessage } from "@/lib/contracts/errors";
import { DUPLICATE_TRANSACTION } from "@/lib/contracts/messages";
import type { Transaction } from "@/lib/contracts/transaction";
import { queryRowsPrepared } from "@/lib/db/client";
import { jsonRow } from "@/lib/db/json-insert";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { transactionFromRow } from "../transactions/build-transaction";
import { DUPLICATE_WINDOW_SECONDS } from "../transactions/duplicate-check";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { askAcquirerAboutChild } from "./ask-acquirer-about-child";
import { childBody, finishedChildBody } from "./child-body";
import { finishChildTransaction } from "./finish-child-transaction";
import { type ChildTotalsRecord, changedParent, type ParentState, readParent } from "./parent-state";

/** A child type's own rules: the errors of `request` against its locked parent (empty when it may go ahead). */
export type ChildRules = (parent: ParentState, request: ChildRequest) => ErrorTree;

/**
 * A 422 of a child request. Its message ends with a period, as beGateway writes these ("Reason can't be
 * blank."), which the beGateway clients' own tests match.
 */
function childValidationError(errors: ErrorTree): GatewayError {
  return new GatewayError("validation_failed", { errors, message: `${renderErrorMessage(errors)}.` });
}

/** Reservations tried before giving up on a parent that other requests keep changing (each try lost to one). */
const MAX_RESERVATION_TRIES = 32;

/**
 * A capture, void or refund, in three steps, so that no lock is held while the acquirer answers (it may take
 * seconds) and the parent is still never exceeded:
 *
 * 1. The parent and its children's totals are read (`readParent`), the type's rules checked against what the
 *    parent has left, counting the children in flight, and the child inserted `incomplete` — its amount
 *    reserved — by one statement that takes the parent's row lock and writes only if the parent is still as it
 *    was read (`tessera_reserve_child`, migration 0012). If another child came or went meanwhile, the rules are
 *    checked again on the parent as it is now.
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
  const parentOptions = {
    shopId: shop.id,
    uid: request.parent_uid,
    clock: deps.clock,
    authorizationExpiryDays: shop.settings.authorization_expiry_days,
  };

  let parent = await readParent(deps.db, parentOptions);
  // A parent stored before the ceiling existed may hold more; no child moves more than the ceiling all the same.
  const ceilingErrors = amountCeilingErrors(request.amount, parent.row.currency);
  if (!isEmptyErrorTree(ceilingErrors)) throw childValidationError(ceilingErrors);
  let child: TransactionRow | null = null;
  for (let tries = 1; child === null; tries++) {
    const errors = rules(parent, request);
    if (!isEmptyErrorTree(errors)) throw childValidationError(errors);
    if (tries > MAX_RESERVATION_TRIES) throw new GatewayError("parent_busy");
    const reservation = await reserveChild(deps, {
      parent,
      checkDuplicate: request.duplicate_check,
      authorizationExpiryDays: parentOptions.authorizationExpiryDays,
      child: {
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
        body: childBody({ shop, parent: parent.row, type, request }),
      },
    });
    if (reservation.outcome === "changed") parent = reservation.parent;
    else child = reservation.child;
  }

  const answer = await askAcquirerAboutChild(deps, type, parent.row, child, request.reason ?? "");
  // No answer: the child stays `incomplete`, its amount reserved, rather than be released while the acquirer may
  // have moved the money; `resumeChildTransactions` asks again later.
  if (!answer) return transactionFromRow(child);
  const finished = await finishChildTransaction({
    deps,
    parentOptions: parentOptions,
    child,
    status: answer.status,
    body: finishedChildBody({ deps, shop, child, type, answer }),
  });
  return transactionFromRow(finished);
}

type NewChild = Omit<TransactionRow, "createdAt" | "updatedAt">;

/**
 * `tessera_reserve_child`: the child inserted under the parent's row lock if the parent's children add up to what
 * they did when its rules were checked (and an authorization has not expired since), and no child of the same
 * type and amount came within the duplicate window (when asked to check). Otherwise the parent as it is now.
 */
async function reserveChild(
  deps: GatewayDeps,
  {
    parent,
    child,
    checkDuplicate,
    authorizationExpiryDays,
  }: { parent: ParentState; child: NewChild; checkDuplicate: boolean; authorizationExpiryDays: number },
): Promise<{ outcome: "reserved"; child: TransactionRow } | { outcome: "changed"; parent: ParentState }> {
  const at = deps.clock.isFixed ? deps.clock.now().toISOString() : null;
  const [result] = await queryRowsPrepared<{
    outcome: "reserved" | "changed" | "duplicate" | "not_found";
    child_totals: ChildTotalsRecord | null;
    parent_expired: boolean | null;
    reserved_at: string | Date | null;
  }>(
    deps.db,
    sql`select outcome, child_totals, parent_expired, reserved_at from tessera_reserve_child(
      ${parent.row.uid}, ${parent.row.shopId}, ${JSON.stringify(parent.totalsRecord)}::jsonb, ${parent.expired},
      ${authorizationExpiryDays}::integer,
      ${checkDuplicate}, ${DUPLICATE_WINDOW_SECONDS}::integer, ${at}::timestamptz,
      ${jsonRow(transactions, child)}::json)`,
    "tessera_reserve_child",
  );
  switch (result.outcome) {
    case "reserved": {
      const reservedAt = new Date(result.reserved_at as string | Date);
      return { outcome: "reserved", child: { ...child, createdAt: reservedAt, updatedAt: reservedAt } };
    }
    case "changed":
      return {
        outcome: "changed",
        parent: changedParent(parent, result.child_totals ?? {}, result.parent_expired === true),
      };
    case "duplicate":
      throw GatewayError.base(DUPLICATE_TRANSACTION);
    default:
      // Gone between the read and the lock: transactions are never deleted, so only a shop's data removed.
      throw new GatewayError("record_not_found");
  }
}
