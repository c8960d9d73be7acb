import type { ChildRequest, ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { TransactionRow } from "@/lib/db/schema";
import type { AcquirerAnswer } from "../acquirer/acquirer";
import type { GatewayDeps } from "../context";
import type { AuthenticatedShop } from "../shops/shop-directory";
import type { ChildOwnBody } from "../transactions/child-body";
import { pendingMoneyResult } from "../transactions/money-transaction-body";
import { outcomeFromAnswer, receiptUrl } from "./money-outcome";

/**
 * What a capture, void or refund stores of its own while its acquirer call is in flight: its duplicate check, an
 * empty result, and a refund's reason. The rest of its response is its columns and its parent's body, rendered at
 * read (`renderChildBody`).
 */
export function pendingChildBody({
  shop,
  type,
  request,
}: {
  shop: Pick<AuthenticatedShop, "settings">;
  type: ChildTransactionType;
  request: ChildRequest;
}): ChildOwnBody {
  return {
    message: null,
    duplicate_check: request.duplicate_check,
    paid_at: null,
    result: pendingMoneyResult(shop.settings.gateway_id),
    receipt_url: null,
    ...(type === "refund" ? { reason: request.reason ?? null } : {}),
  };
}

/**
 * The child's own facts with the acquirer's answer in them, in the words every money transaction uses
 * (`outcomeFromAnswer`): "Successfully processed" or "Capture was declined"…, and a receipt once successful.
 */
export function finishedChildBody({
  deps,
  shop,
  child,
  type,
  answer,
}: {
  deps: Pick<GatewayDeps, "clock" | "config">;
  shop: Pick<AuthenticatedShop, "settings">;
  child: Pick<TransactionRow, "uid" | "body">;
  type: ChildTransactionType;
  answer: AcquirerAnswer;
}): ChildOwnBody {
  const outcome = outcomeFromAnswer(type, answer, shop.settings.gateway_id);
  const successful = outcome.status === "successful";
  return {
    ...(child.body as ChildOwnBody),
    message: outcome.message,
    // A capture takes the money: it is paid when the acquirer approves it.
    paid_at: successful && type === "capture" ? deps.clock.now().toISOString() : null,
    result: outcome.result,
    receipt_url: successful ? receiptUrl(deps.config.gatewayPublicUrl, child.uid) : null,
  };
}
