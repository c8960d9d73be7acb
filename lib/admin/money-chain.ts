import { MONEY_TYPES, type MoneyType } from "@/lib/contracts/money-result";

/**
 * A money transaction's family as the admin area shows it: the authorization or payment at the root, its captures
 * and voids, and the refunds of the payment or of each capture. The remaining amounts are the gateway's own
 * (`amounts` of each parent, kept under its row lock), since the chain lists only a page of children; the gateway
 * still decides every capture, void and refund, so a stale figure here can only make it refuse, never let money
 * through.
 */

/** What the chain reads of a transaction; every transaction of the wire protocol has these fields. */
export interface ChainTransaction {
  uid: string;
  type: string;
  status: string;
  message: string | null;
  amount: number;
  currency: string;
  created_at: string;
  parent_uid?: string | null;
}

/**
 * The gateway's own figures of a parent (`amounts`), kept under the parent's row lock: they count every child,
 * where the chain lists only one page of them.
 */
interface GatewayAmounts {
  captured?: number;
  voided?: number;
  refunded?: number;
  capturable?: number;
  refundable?: number;
  authorization_expires_at?: string | null;
}

function amountsOf(transaction: ChainTransaction): GatewayAmounts | null {
  const amounts = (transaction as { amounts?: GatewayAmounts | null }).amounts;
  return amounts && typeof amounts === "object" ? amounts : null;
}

/** The gateway's figure when it gave one, else what the listed children add up to. */
function figure(
  amounts: GatewayAmounts | null,
  key: keyof Omit<GatewayAmounts, "authorization_expires_at">,
  derived: () => number,
): number {
  const value = amounts?.[key];
  return typeof value === "number" && Number.isSafeInteger(value) ? value : derived();
}

export interface ChainNode<T extends ChainTransaction = ChainTransaction> {
  transaction: T;
  children: ChainNode<T>[];
}

export type MoneyOperation = "capture" | "void" | "refund";

/** Remaining amounts of one transaction of a chain, in minor units of its currency. */
export interface MoneyPosition {
  currency: string;
  /** An authorization: what was authorized; a payment or capture: what was charged. Zero unless successful. */
  amount: number;
  captured: number;
  voided: number;
  refunded: number;
  /** What may still be captured (authorizations only). */
  capturable: number;
  /** What may still be refunded (payments and captures only). */
  refundable: number;
  /** When an authorization stops taking captures and voids (the shop's setting); null when not known. */
  expiresAt: string | null;
  expired: boolean;
  /** Operations the merchant can start from this transaction. */
  operations: MoneyOperation[];
}

const TYPE_LABELS: Record<string, string> = {
  tokenization: "Tokenization",
  payment: "Payment",
  authorization: "Authorization",
  capture: "Capture",
  void: "Void",
  refund: "Refund",
  credit: "Payout",
};

export function typeLabel(type: string | null | undefined): string {
  if (!type) return "Tokenization";
  return TYPE_LABELS[type] ?? type;
}

export function isMoneyType(type: string | null | undefined): type is MoneyType {
  return (MONEY_TYPES as readonly string[]).includes(type ?? "");
}

function successfulTotal(children: ChainNode[], type: string): number {
  return children
    .filter((child) => child.transaction.type === type && child.transaction.status === "successful")
    .reduce((sum, child) => sum + child.transaction.amount, 0);
}

/**
 * The authorization's expiry as the gateway reports it in `amounts`: from the authorization's success on (one
 * stored before the gateway wrote `amounts` at creation has it from its first child on; until then, not known).
 */
function expiryOf(transaction: ChainTransaction): string | null {
  const amounts = amountsOf(transaction);
  return typeof amounts?.authorization_expires_at === "string" ? amounts.authorization_expires_at : null;
}

/**
 * The remaining amounts of `node`'s transaction: the gateway's `amounts` of it, or (a transaction stored before
 * the gateway kept them) its listed successful children; an authorization past its expiry (as the gateway reports
 * it) takes no capture or void any more.
 */
export function moneyPosition(node: ChainNode, now: Date = new Date()): MoneyPosition {
  const { transaction, children } = node;
  const settled = transaction.status === "successful";
  const amount = settled ? transaction.amount : 0;
  const amounts = amountsOf(transaction);
  const captured = figure(amounts, "captured", () => successfulTotal(children, "capture"));
  const voided = figure(amounts, "voided", () => successfulTotal(children, "void"));
  const refunded = figure(amounts, "refunded", () => successfulTotal(children, "refund"));
  const authorization = transaction.type === "authorization";
  const charged = transaction.type === "payment" || transaction.type === "capture";
  const expiresAt = authorization ? expiryOf(transaction) : null;
  const expired = expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
  const capturable =
    authorization && voided === 0 && !expired
      ? figure(amounts, "capturable", () => Math.max(0, amount - captured))
      : 0;
  const refundable = charged ? figure(amounts, "refundable", () => Math.max(0, amount - refunded)) : 0;
  const operations: MoneyOperation[] = [];
  if (capturable > 0) operations.push("capture");
  // A void releases the whole hold, so only an authorization nothing was captured from can be voided.
  if (authorization && settled && !expired && captured === 0 && voided === 0) operations.push("void");
  if (refundable > 0) operations.push("refund");
  return {
    currency: transaction.currency,
    amount,
    captured,
    voided,
    refunded,
    capturable,
    refundable,
    expiresAt,
    expired,
    operations,
  };
}

/** The node of `uid` in the chain, or null. */
export function findNode<T extends ChainTransaction>(root: ChainNode<T>, uid: string): ChainNode<T> | null {
  if (root.transaction.uid === uid) return root;
  for (const child of root.children) {
    const found = findNode(child, uid);
    if (found) return found;
  }
  return null;
}

/** The chain top-down, oldest first among siblings, each with its depth: what the chain table lists. */
export function flattenChain<T extends ChainTransaction>(
  root: ChainNode<T>,
): { node: ChainNode<T>; depth: number }[] {
  const rows: { node: ChainNode<T>; depth: number }[] = [];
  const walk = (node: ChainNode<T>, depth: number) => {
    rows.push({ node, depth });
    const ordered = [...node.children].sort(
      (a, b) =>
        a.transaction.created_at.localeCompare(b.transaction.created_at) ||
        a.transaction.uid.localeCompare(b.transaction.uid),
    );
    for (const child of ordered) walk(child, depth + 1);
  };
  walk(root, 0);
  return rows;
}

/** Parent, grandparent…: how deep a chain can go (authorization → capture → refund). */
export const MAX_CHAIN_DEPTH = 3;

/**
 * Builds the chain of `start` with two reads the caller provides: one transaction by uid, and the children of a
 * uid. Walks up to the root, then down from it. A loop or a missing parent ends the walk where it is.
 */
export async function assembleChain<T extends ChainTransaction, F extends { ok: false }>(options: {
  start: T;
  read: (uid: string) => Promise<{ ok: true; data: T } | F>;
  children: (uid: string) => Promise<{ ok: true; data: T[] } | F>;
}): Promise<{ ok: true; data: ChainNode<T> } | F> {
  let root = options.start;
  const seen = new Set([root.uid]);
  for (let depth = 0; root.parent_uid && depth < MAX_CHAIN_DEPTH; depth++) {
    if (seen.has(root.parent_uid)) break;
    const parent = await options.read(root.parent_uid);
    if (!parent.ok) return parent;
    seen.add(parent.data.uid);
    root = parent.data;
  }
  const build = async (transaction: T, depth: number): Promise<{ ok: true; data: ChainNode<T> } | F> => {
    // Only authorizations, payments and captures have children; a refund or a void never does.
    if (depth >= MAX_CHAIN_DEPTH || !["authorization", "payment", "capture"].includes(transaction.type)) {
      return { ok: true, data: { transaction, children: [] } };
    }
    const listed = await options.children(transaction.uid);
    if (!listed.ok) return listed;
    const children: ChainNode<T>[] = [];
    for (const child of listed.data) {
      const built = await build(child, depth + 1);
      if (!built.ok) return built;
      children.push(built.data);
    }
    return { ok: true, data: { transaction, children } };
  };
  return build(root, 0);
}
