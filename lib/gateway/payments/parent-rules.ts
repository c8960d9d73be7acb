import type { ChildRequest } from "@/lib/contracts/child-transaction";
import type { ErrorTree } from "@/lib/contracts/errors";
import type { ParentState } from "./parent-state";

const ARTICLE: Record<string, string> = { authorization: "an", payment: "a", capture: "a" };

/**
 * The rules every child shares about its parent: of a type the child can act on, successful (a failed, declined
 * or still incomplete transaction has nothing to act on), and — for an authorization to capture — not expired
 * (a void is allowed until capture, expired or not). Null when they hold; otherwise the one error that says which
 * does not.
 */
export function checkParent(
  parent: ParentState,
  options: { types: readonly string[]; action: "captured" | "voided" | "refunded" },
): ErrorTree | null {
  const { row } = parent;
  const allowed = options.types.map((type) => `${ARTICLE[type]} ${type}`).join(" or ");
  if (!options.types.includes(row.type)) {
    return {
      base: [
        `Parent transaction is ${ARTICLE[row.type] ?? "a"} ${row.type}; only ${allowed} can be ${options.action}`,
      ],
    };
  }
  if (row.status !== "successful") {
    return {
      base: [
        `Parent transaction is ${row.status}; only a successful ${options.types.join(" or ")} can be ${options.action}`,
      ],
    };
  }
  // An expired hold can still be released: a void only gives the shopper's money back, it never takes any.
  if (parent.expired && options.action !== "voided") {
    return {
      base: [
        `Authorization expired at ${parent.authorizationExpiresAt?.toISOString()}; it can no longer be ${options.action}`,
      ],
    };
  }
  return null;
}

/** A child moves money in its parent's currency only; `currency` may be left out. */
export function currencyErrors(parent: ParentState, request: ChildRequest): ErrorTree {
  const { currency } = parent.row;
  return request.currency && request.currency !== currency
    ? { currency: [`must be ${currency}, the currency of the parent transaction`] }
    : {};
}
