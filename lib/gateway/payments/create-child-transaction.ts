import { randomUUID } from "node:crypto";
import { currenciesOverCeiling } from "@/lib/contracts/amount-limits";
import {
  type ChildRequest,
  type ChildTransactionType,
  parseChildRequest,
} from "@/lib/contracts/child-transaction";
import { type ErrorTree, renderErrorMessage } from "@/lib/contracts/errors";
import type { Transaction } from "@/lib/contracts/transaction";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { rowFromJson } from "@/lib/db/json-insert";
import { type TransactionRow, transactions } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import { bindKeyToTransaction } from "../idempotency/key-binding";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { DUPLICATE_WINDOW_SECONDS } from "../transactions/duplicate-check";
import type { OwnBody } from "../transactions/own-body";
import { splitTrackingIds } from "../transactions/tracking-ids";
import { transactionFromRow } from "../transactions/transaction-view";
import { askAcquirerAboutChild, parentRefId } from "./ask-acquirer-about-child";
import { finishedChildBody, pendingChildBody } from "./child-body";
import { type ChildRefusalCode, childRefusalErrors } from "./child-refusals";
import { finishChildTransaction, type ParentOptions } from "./finish-child-transaction";

/**
 * A 422 of a child request. Its message ends with a period, as beGateway writes these ("Reason can't be
 * blank."), which the beGateway clients' own tests match.
 */
function childValidationError(errors: ErrorTree): GatewayError {
  return new GatewayError("validation_failed", { errors, message: `${renderErrorMessage(errors)}.` });
}

/** A capture's, void's or refund's body, `{ "request": { ... } }`, as the typed request of its type, or its 422. */
export function validateChildRequest(type: ChildTransactionType, body: unknown): ChildRequest {
  const parsed = parseChildRequest(type, body);
  if (!parsed.ok) throw childValidationError(parsed.errors);
  return parsed.value;
}

/**
 * A capture, void or refund, in two statements, so that no lock is held while the acquirer answers (it may take
 * seconds) and the parent is still never exceeded:
 *
 * 1. Under the parent's row lock, the database decides the child's rules on the parent and its children as they
 *    are (counting the children in flight), and inserts the child `incomplete` — its amount reserved — with its
 *    own facts (`pendingChildBody`; its response renders them with the parent's body the statement answers)
 *    (lib/db/functions/tessera_reserve_child.sql). A refusal comes back as codes, worded
 *    here (`childRefusalErrors`).
 * 2. The acquirer is asked, with the child's uid as the idempotency key.
 * 3. Under the lock again, the child gets the answer (`successful`, `failed` or `error`), which releases the
 *    reservation unless it succeeded, and the parent's totals are brought up to date (`finishChildTransaction`).
 *
 * POST /transactions/captures, /voids and /refunds, each with its request validated (`validateChildRequest`).
 */
export async function createChildTransaction({
  deps,
  shop,
  request,
  type,
}: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  request: ChildRequest;
  type: ChildTransactionType;
}): Promise<Transaction> {
  if (!isTransactionUid(request.parent_uid)) throw new GatewayError("record_not_found");
  const parentOptions: ParentOptions = {
    shopId: shop.id,
    uid: request.parent_uid,
    authorizationExpiryDays: shop.settings.authorization_expiry_days,
  };
  const uid = randomUUID();
  await bindKeyToTransaction(uid);
  const { child, originBody, parentRef } = await reserveChild(deps, {
    uid,
    shop,
    type,
    request,
    parentOptions,
  });

  const answer = await askAcquirerAboutChild(deps, type, parentRef, child, request.reason ?? "");
  // No answer: the child stays `incomplete`, its amount reserved, rather than be released while the acquirer may
  // have moved the money; `resumeChildTransactions` asks again later.
  if (!answer) return transactionFromRow({ ...child, originBody });
  const finished = await finishChildTransaction({
    deps,
    parentOptions,
    originBody,
    child,
    status: answer.status,
    body: finishedChildBody({ deps, shop, child, type, answer }),
  });
  return transactionFromRow(finished);
}

/**
 * `tessera_reserve_child` (through the child writer, with the children that come with it): the child inserted
 * `incomplete` under its parent's row lock if its rules hold there and no child of the same type and amount came
 * within the duplicate window (when asked to check); its row, and what the acquirer is to be told of the parent.
 * Otherwise the 422 of its refusal, the duplicate's, or 404 for a parent that is not the shop's.
 */
async function reserveChild(
  deps: GatewayDeps,
  {
    uid,
    shop,
    type,
    request,
    parentOptions,
  }: {
    uid: string;
    shop: AuthenticatedShop;
    type: ChildTransactionType;
    request: ChildRequest;
    parentOptions: ParentOptions;
  },
): Promise<{ child: TransactionRow; originBody: OwnBody; parentRef: string }> {
  const trackingId = request.tracking_id ?? null;
  const result = await deps.childWriter.reserve({
    locked_parent_uid: parentOptions.uid,
    parent_shop_id: parentOptions.shopId,
    authorization_expiry_days: parentOptions.authorizationExpiryDays,
    child_uid: uid,
    child_type: type,
    child_amount: request.amount,
    child_currency: request.currency || null,
    child_tracking_id: trackingId,
    child_tracking_ids: trackingId === null ? null : splitTrackingIds(trackingId),
    over_ceiling_currencies: currenciesOverCeiling(request.amount),
    check_duplicate: request.duplicate_check,
    duplicate_window_seconds: DUPLICATE_WINDOW_SECONDS,
    at: deps.clock.isFixed ? deps.clock.now().toISOString() : null,
    child_body: pendingChildBody({ shop, type, request }),
  });
  switch (result.outcome) {
    case "reserved": {
      const child = rowFromJson(transactions, result.child ?? {});
      const originBody = result.origin_body as OwnBody;
      return { child, originBody, parentRef: parentRefId(request.parent_uid, result.parent_result) };
    }
    case "refused":
      throw childValidationError(
        childRefusalErrors(type, request.amount, {
          refusals: (result.refusals ?? []) as ChildRefusalCode[],
          parentType: result.parent_type ?? "",
          parentStatus: result.parent_status ?? "",
          parentCurrency: result.parent_currency ?? "",
          remaining: Number(result.remaining),
          expiresAt: result.expires_at === null ? null : new Date(result.expires_at),
        }),
      );
    case "duplicate":
      throw new GatewayError("duplicate_transaction");
    default:
      throw new GatewayError("record_not_found");
  }
}
