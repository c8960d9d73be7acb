import { describe, expect, it } from "vitest";
import {
  assembleChain,
  type ChainNode,
  type ChainTransaction,
  findNode,
  flattenChain,
  moneyPosition,
} from "./money-chain";

let sequence = 0;
function tx(
  type: string,
  amount: number,
  status = "successful",
  parent: string | null = null,
): ChainTransaction {
  sequence += 1;
  return {
    uid: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    type,
    status,
    message: null,
    amount,
    currency: "EUR",
    created_at: `2030-01-01T00:00:${String(sequence % 60).padStart(2, "0")}.000Z`,
    parent_uid: parent,
  };
}

function node(transaction: ChainTransaction, children: ChainNode[] = []): ChainNode {
  return { transaction, children };
}

describe("remaining amounts", () => {
  it("an authorization partly captured can capture the rest, and can no longer be voided", () => {
    const authorization = tx("authorization", 10_000);
    const position = moneyPosition(
      node(authorization, [node(tx("capture", 2_500)), node(tx("capture", 1_000, "failed"))]),
    );
    expect(position).toMatchObject({ amount: 10_000, captured: 2_500, capturable: 7_500, refundable: 0 });
    expect(position.operations).toEqual(["capture"]);
  });

  it("an untouched authorization can be captured or voided; a voided one neither", () => {
    expect(moneyPosition(node(tx("authorization", 500))).operations).toEqual(["capture", "void"]);
    const voided = moneyPosition(node(tx("authorization", 500), [node(tx("void", 500))]));
    expect(voided).toMatchObject({ voided: 500, capturable: 0, operations: [] });
  });

  it("takes a parent's remaining amounts from the gateway's own `amounts`, not from the children it listed", () => {
    // A payment with more refunds than one page of children: only one of them is in the chain.
    const payment = {
      ...tx("payment", 100_000),
      amounts: {
        captured: 0,
        voided: 0,
        refunded: 99_000,
        capturable: 0,
        refundable: 1_000,
        authorization_expires_at: null,
      },
    };
    const position = moneyPosition(node(payment, [node(tx("refund", 100))]));
    expect(position).toMatchObject({ refunded: 99_000, refundable: 1_000, operations: ["refund"] });
    const captured = {
      ...tx("authorization", 10_000),
      amounts: {
        captured: 10_000,
        voided: 0,
        refunded: 0,
        capturable: 0,
        refundable: 0,
        authorization_expires_at: "2030-01-08T00:00:00.000Z",
      },
    };
    const held = moneyPosition(node(captured), new Date("2030-01-02T00:00:00.000Z"));
    expect(held).toMatchObject({ captured: 10_000, capturable: 0, operations: [] });
  });

  it("an authorization past its expiry (as the gateway reports it) takes no capture or void", () => {
    const authorization = {
      ...tx("authorization", 500),
      amounts: { authorization_expires_at: "2030-01-08T00:00:00.000Z" },
    };
    const before = moneyPosition(node(authorization), new Date("2030-01-07T23:59:59.000Z"));
    expect(before).toMatchObject({ expired: false, capturable: 500, operations: ["capture", "void"] });
    const after = moneyPosition(node(authorization), new Date("2030-01-08T00:00:00.000Z"));
    expect(after).toMatchObject({ expired: true, capturable: 0, operations: [] });
    expect(after.expiresAt).toBe("2030-01-08T00:00:00.000Z");
  });

  it("a fully captured authorization offers nothing more", () => {
    const position = moneyPosition(node(tx("authorization", 500), [node(tx("capture", 500))]));
    expect(position).toMatchObject({ capturable: 0, operations: [] });
  });

  it("a payment or a capture can be refunded down to zero, counting successful refunds only", () => {
    const payment = moneyPosition(
      node(tx("payment", 3_000), [node(tx("refund", 1_000)), node(tx("refund", 500, "error"))]),
    );
    expect(payment).toMatchObject({ refunded: 1_000, refundable: 2_000, operations: ["refund"] });
    const capture = moneyPosition(node(tx("capture", 700), [node(tx("refund", 700))]));
    expect(capture).toMatchObject({ refunded: 700, refundable: 0, operations: [] });
  });

  it("a declined, failed or pending parent offers nothing", () => {
    for (const status of ["failed", "error", "incomplete"]) {
      expect(moneyPosition(node(tx("payment", 100, status))).operations).toEqual([]);
      expect(moneyPosition(node(tx("authorization", 100, status))).operations).toEqual([]);
    }
  });

  it("children and tokenizations offer nothing", () => {
    for (const type of ["refund", "void", "tokenization", "credit"]) {
      expect(moneyPosition(node(tx(type, 100))).operations).toEqual([]);
    }
  });
});

describe("chain assembly", () => {
  const authorization = tx("authorization", 10_000);
  const capture = tx("capture", 6_000, "successful", authorization.uid);
  const failedCapture = tx("capture", 9_000, "failed", authorization.uid);
  const refund = tx("refund", 1_000, "successful", capture.uid);
  const all = [authorization, capture, failedCapture, refund];
  const reads: string[] = [];
  const read = async (uid: string) => {
    reads.push(`read ${uid}`);
    const found = all.find((entry) => entry.uid === uid);
    return found ? { ok: true as const, data: found } : { ok: false as const, kind: "not_found" };
  };
  const children = async (uid: string) => {
    reads.push(`children ${uid}`);
    return { ok: true as const, data: all.filter((entry) => entry.parent_uid === uid) };
  };

  it("walks up from a refund to the authorization, then down to every child", async () => {
    reads.length = 0;
    const result = await assembleChain({ start: refund, read, children });
    if (!result.ok) throw new Error("expected a chain");
    expect(flattenChain(result.data).map(({ node: entry, depth }) => [entry.transaction.uid, depth])).toEqual(
      [
        [authorization.uid, 0],
        [capture.uid, 1],
        [refund.uid, 2],
        [failedCapture.uid, 1],
      ],
    );
    // Refunds are never asked for children.
    expect(reads).not.toContain(`children ${refund.uid}`);
    const captureNode = findNode(result.data, capture.uid);
    expect(captureNode && moneyPosition(captureNode)).toMatchObject({ refundable: 5_000 });
    expect(moneyPosition(result.data)).toMatchObject({ captured: 6_000, capturable: 4_000 });
  });

  it("hands back the first failed read", async () => {
    const orphan = tx("refund", 10, "successful", "00000000-0000-4000-8000-999999999999");
    expect(await assembleChain({ start: orphan, read, children })).toEqual({ ok: false, kind: "not_found" });
  });

  it("stops at a loop instead of walking forever", async () => {
    const a = tx("capture", 1);
    const b = tx("capture", 1, "successful", a.uid);
    a.parent_uid = b.uid;
    const loop = [a, b];
    const result = await assembleChain({
      start: a,
      read: async (uid) => ({ ok: true as const, data: loop.find((entry) => entry.uid === uid) ?? a }),
      children: async () => ({ ok: true as const, data: [] }),
    });
    expect(result.ok).toBe(true);
  });
});
