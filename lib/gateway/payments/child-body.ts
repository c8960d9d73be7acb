import type { ChildRequest, ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { TransactionRow } from "@/lib/db/schema";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import { EMPTY_THREE_D_SECURE_VERIFICATION, type TransactionBody } from "../transactions/build-transaction";
import { moneyTransactionBody, pendingMoneyResult } from "../transactions/money-transaction-body";
import { outcomeFromAnswer, receiptUrl } from "./money-outcome";
import { amountsBeforeChildren } from "./parent-amounts";

/**
 * A child's response body while its acquirer call is in flight: the parent's card, customer and echoed fields
 * (as beGateway answers a capture or refund), the child's own amount, tracking id and duplicate check, an empty
 * result object named after its type, and `parent_uid`. A refund keeps its `reason`; a capture, a refund's parent,
 * has `amounts` (zeros until it succeeds).
 */
export function childBody({
  shop,
  parent,
  type,
  request,
}: {
  shop: AuthenticatedShop;
  parent: TransactionRow;
  type: ChildTransactionType;
  request: ChildRequest;
}): TransactionBody {
  const {
    amounts: _amounts,
    reason: _reason,
    ...inherited
  } = parent.body as TransactionBody & {
    amounts?: unknown;
    reason?: unknown;
  };
  const common: TransactionBody = {
    ...inherited,
    message: null,
    amount: request.amount,
    currency: parent.currency,
    tracking_id: request.tracking_id ?? parent.trackingId,
    duplicate_check: request.duplicate_check,
    // No page to send anyone to: a child has no 3-D Secure step (the parent's page says "Card accepted").
    redirect_url: null,
    three_d_secure_verification: EMPTY_THREE_D_SECURE_VERIFICATION,
  };
  const body = moneyTransactionBody(common, {
    type,
    result: pendingMoneyResult(shop.settings.gateway_id),
    parentUid: parent.uid,
    receiptUrl: null,
    paidAt: null,
    // A capture is a refund's parent: nothing refundable while the acquirer has not answered.
    amounts:
      type === "capture"
        ? amountsBeforeChildren({ type, status: "incomplete", amount: request.amount }, null)
        : undefined,
  });
  return type === "refund" ? ({ ...body, reason: request.reason ?? null } as TransactionBody) : body;
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
