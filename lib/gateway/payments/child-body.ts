import type { ChildRequest, ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { TransactionRow } from "@/lib/db/schema";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { EMPTY_THREE_D_SECURE_VERIFICATION, type TransactionBody } from "../transactions/build-transaction";
import { MONEY_KEYS, pendingMoneyResult } from "../transactions/money-transaction-body";
import { outcomeFromAnswer, receiptUrl } from "./money-outcome";
import { amountsBeforeChildren } from "./parent-amounts";

/**
 * How the database builds a child's body from its parent's (lib/db/functions/tessera_merge_json.sql), in the
 * reservation's one statement: from the parent's body in its key order, without its result object, `amounts`,
 * `reason` and `tokenization`, the `overrides` set where they stand (or added after), the child's result object
 * `inserted` right `after` the card, and the `tail` last. `currency` and `tracking_id` hold their place here; the
 * database gives them the parent's currency and, unless the request names its own, the parent's tracking id.
 */
export interface ChildBodyPlan {
  drop: readonly string[];
  overrides: Record<string, unknown>;
  after: string;
  inserted: Record<string, unknown>;
  tail: Record<string, unknown>;
}

/** What a child does not inherit from its parent's body: the parent's result object and family, its `reason`. */
const NOT_INHERITED = ["tokenization", ...MONEY_KEYS, "reason"];

/**
 * A child's response body while its acquirer call is in flight, as a plan for the database: the parent's card,
 * customer and echoed fields (as beGateway answers a capture or refund), the child's own amount, tracking id and
 * duplicate check, an empty result object named after its type, and `parent_uid` — the key order of every money
 * transaction (`moneyTransactionBody`). A refund keeps its `reason`; a capture, a refund's parent, has `amounts`
 * (zeros until it succeeds).
 */
export function childBodyPlan({
  shop,
  type,
  request,
}: {
  shop: AuthenticatedShop;
  type: ChildTransactionType;
  request: ChildRequest;
}): ChildBodyPlan {
  return {
    drop: NOT_INHERITED,
    overrides: {
      message: null,
      amount: request.amount,
      currency: null,
      tracking_id: null,
      duplicate_check: request.duplicate_check,
      // No page to send anyone to: a child has no 3-D Secure step (the parent's page says "Card accepted").
      redirect_url: null,
      three_d_secure_verification: EMPTY_THREE_D_SECURE_VERIFICATION,
      type,
      paid_at: null,
    },
    after: "credit_card",
    inserted: { [type]: pendingMoneyResult(shop.settings.gateway_id) },
    tail: {
      parent_uid: request.parent_uid,
      receipt_url: null,
      // A capture is a refund's parent: nothing refundable while the acquirer has not answered.
      ...(type === "capture"
        ? { amounts: amountsBeforeChildren({ type, status: "incomplete", amount: request.amount }, null) }
        : {}),
      ...(type === "refund" ? { reason: request.reason ?? null } : {}),
    },
  };
}

/**
 * The child's body with the acquirer's answer in it, in the words every money transaction uses
 * (`outcomeFromAnswer`): "Successfully processed" or "Capture was declined"…, and a receipt once successful.
 */
export function finishedChildBody({
  deps,
  shop,
  child,
  type,
  answer,
}: {
  deps: GatewayDeps;
  shop: AuthenticatedShop;
  child: TransactionRow;
  type: ChildTransactionType;
  answer: AcquirerAnswer;
}): TransactionBody {
  const outcome = outcomeFromAnswer(type, answer, shop.settings.gateway_id);
  const successful = outcome.status === "successful";
  return {
    ...(child.body as TransactionBody),
    message: outcome.message,
    // A capture takes the money: it is paid when the acquirer approves it.
    paid_at: successful && type === "capture" ? deps.clock.now().toISOString() : null,
    [type]: outcome.result,
    receipt_url: successful ? receiptUrl(deps.config.gatewayPublicUrl, child.uid) : null,
  };
}
