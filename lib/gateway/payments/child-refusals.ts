import { amountCeilingErrors } from "@/lib/contracts/amount-limits";
import { amountTooLarge, type ChildTransactionType } from "@/lib/contracts/child-transaction";
import type { ErrorTree } from "@/lib/contracts/errors";

/**
 * Why the database refused a capture, void or refund (lib/db/functions/tessera_reserve_child.sql, which
 * decides the children's rules under the parent's lock), and the parent's figures the words need. The rules, in short:
 * - a capture takes what a successful, unexpired authorization has left — its amount less every capture that
 *   succeeded or is in flight — and none after a void (done or in flight);
 * - a void releases a successful authorization nothing was captured of (nothing captured or being captured), also
 *   once it has expired, since releasing a hold moves no money, and releases all of it;
 * - a refund names the transaction that took the money (a payment, or a capture of an authorization, never the
 *   authorization itself, as beGateway's docs have it) and returns at most what it has left: its amount less every
 *   refund that succeeded or is in flight. Refunds do not expire with the authorization; none while a chargeback of
 *   it is open or once one is lost (the bank already returned the money);
 * - a child moves money in its parent's currency only (`currency` may be left out), and no more than any
 *   transaction may (`amountCeilingErrors`).
 */
export interface ChildRefusal {
  refusals: readonly ChildRefusalCode[];
  parentType: string;
  parentStatus: string;
  parentCurrency: string;
  /** What the parent has left for a child of this type (for a void, the whole authorization). */
  remaining: number;
  /** An authorization's expiry; null for other parents. */
  expiresAt: Date | null;
}

export type ChildRefusalCode =
  | "ceiling"
  | "parent_type"
  | "parent_status"
  | "expired"
  | "voided"
  | "being_voided"
  | "captured"
  | "being_captured"
  | "currency"
  | "amount_over"
  | "amount_under"
  | "charged_back";

/** A refund of a payment the cardholder's bank took back: it would pay the cardholder twice. */
export const CHARGED_BACK =
  "Parent transaction has been charged back; it cannot be refunded while the chargeback is open or once it is lost";

const PARENT_TYPES: Record<ChildTransactionType, readonly string[]> = {
  capture: ["authorization"],
  void: ["authorization"],
  refund: ["payment", "capture"],
};

const ACTION: Record<ChildTransactionType, string> = {
  capture: "captured",
  void: "voided",
  refund: "refunded",
};

const ARTICLE: Record<string, string> = { authorization: "an", payment: "a", capture: "a" };

/** A state of the authorization that ends captures or voids, in the words of the child it refuses. */
const AUTHORIZATION_STATE: Record<"capture" | "void", Partial<Record<ChildRefusalCode, string>>> = {
  capture: {
    voided: "Authorization has been voided; it can no longer be captured",
    being_voided: "Authorization is being voided; it can no longer be captured",
  },
  void: {
    voided: "Authorization has already been voided",
    being_voided: "Authorization is already being voided",
    captured: "Authorization has been captured; only an uncaptured authorization can be voided",
    being_captured: "Authorization is being captured; only an uncaptured authorization can be voided",
  },
};

/** The errors of a refused child, in beGateway's words: a base refusal alone, or the fields' errors together. */
export function childRefusalErrors(
  type: ChildTransactionType,
  amount: number,
  refusal: ChildRefusal,
): ErrorTree {
  const action = ACTION[type];
  const types = PARENT_TYPES[type];
  const errors: ErrorTree = {};
  for (const code of refusal.refusals) {
    switch (code) {
      case "ceiling":
        return amountCeilingErrors(amount, refusal.parentCurrency);
      case "parent_type": {
        const allowed = types.map((parentType) => `${ARTICLE[parentType]} ${parentType}`).join(" or ");
        const article = ARTICLE[refusal.parentType] ?? "a";
        return {
          base: [`Parent transaction is ${article} ${refusal.parentType}; only ${allowed} can be ${action}`],
        };
      }
      case "parent_status":
        return {
          base: [
            `Parent transaction is ${refusal.parentStatus}; only a successful ${types.join(" or ")} can be ${action}`,
          ],
        };
      case "expired":
        return {
          base: [
            `Authorization expired at ${refusal.expiresAt?.toISOString()}; it can no longer be ${action}`,
          ],
        };
      case "voided":
      case "being_voided":
      case "captured":
      case "being_captured": {
        const words = type === "refund" ? undefined : AUTHORIZATION_STATE[type][code];
        if (!words) throw new Error(`A ${type} refused as ${code}`);
        return { base: [words] };
      }
      case "charged_back":
        return { base: [CHARGED_BACK] };
      case "currency":
        errors.currency = [`must be ${refusal.parentCurrency}, the currency of the parent transaction`];
        break;
      case "amount_over":
        errors.amount = [amountTooLarge(refusal.remaining)];
        break;
      case "amount_under":
        errors.amount = [`must be ${refusal.remaining}: a void releases the whole authorization`];
        break;
    }
  }
  return errors;
}
