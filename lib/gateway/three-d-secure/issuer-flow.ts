import { timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/contracts/transaction";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import { type ThreeDSecureChallengeRow, threeDSecureChallenges, transactions } from "@/lib/db/schema";
import { transactionFromRow } from "../transactions/transaction-view";
import { isStaleClaim, mayEndAsExpired, VERIFYING_LEASE_SECONDS } from "./challenge-claims";
import { finishVerification, type IssuerFlowDeps } from "./finish-verification";
import { isIssuerScenario } from "./sandbox-issuer";
import { type AuthenticationOutcome, FRICTIONLESS_OUTCOMES, WRONG_CODE_LIMIT } from "./verification-result";

/** What the issuer's pages show about the payment being verified. */
export interface IssuerPageContext {
  uid: string;
  language: string;
  merchantName: string;
  /** The shop's brand colour: the page's accent (page-shell.ts). */
  merchantColor: string | null;
  amount: number;
  currency: string;
  brand: string | null;
  last4: string;
  test: boolean;
  returnUrl: string | null;
  /** Origins the shop lets frame its hosted page (`frame_ancestors`): the issuer's page opens inside that frame. */
  frameAncestors: string[];
  /** Whether 3-D Secure took place (an enrolled card, the issuer asked), which the result page says. */
  threeDSecure: boolean;
  /** A tokenization (a card stored, a free trial, a card update): nothing is charged, so no amount is shown. */
  cardCheck: boolean;
}

export type ChallengeError = "blank" | "wrong_code";

export type IssuerPage =
  | { kind: "not_found" }
  /** The 3-D Secure 2 device-data step (advanced scenario). */
  | { kind: "method"; context: IssuerPageContext }
  | {
      kind: "challenge";
      context: IssuerPageContext;
      /** Shown on the page for test transactions only. */
      testCode: string | null;
      attemptsLeft: number;
      error: ChallengeError | null;
    }
  | { kind: "result"; context: IssuerPageContext; status: Transaction["status"] };

type ResultPage = Extract<IssuerPage, { kind: "result" }>;

/**
 * What a visit or a form submission led to: a page to show, or a verification that just ended (the shopper goes
 * back to the merchant, or sees `page` when the transaction has no `return_url`).
 */
export type IssuerAction =
  | { kind: "page"; page: IssuerPage }
  | { kind: "finished"; transaction: Transaction; page: ResultPage };

function finished(transaction: Transaction, context: IssuerPageContext): IssuerAction {
  return { kind: "finished", transaction, page: { kind: "result", context, status: transaction.status } };
}

interface Loaded {
  transaction: Transaction;
  challenge: ThreeDSecureChallengeRow | null;
  context: IssuerPageContext;
}

async function load(deps: IssuerFlowDeps, uid: string): Promise<Loaded | null> {
  if (!isTransactionUid(uid)) return null;
  const [row] = await deps.db
    .select({ transaction: transactions, challenge: threeDSecureChallenges })
    .from(transactions)
    .leftJoin(threeDSecureChallenges, eq(threeDSecureChallenges.transactionUid, transactions.uid))
    .where(eq(transactions.uid, uid));
  if (!row) return null;
  // A payment, authorization or tokenization waiting on its issuer: never a child, which has no 3-D Secure step.
  const transaction = transactionFromRow({ ...row.transaction, originBody: null });
  const shop = await deps.shops.get(row.transaction.shopId);
  return {
    transaction,
    challenge: row.challenge,
    context: {
      uid,
      language: transaction.language,
      merchantName: shop?.settings.branding.name ?? shop?.name ?? "",
      merchantColor: shop?.settings.branding.color ?? null,
      amount: transaction.amount,
      currency: transaction.currency,
      cardCheck: transaction.type === "tokenization",
      brand: transaction.credit_card.brand,
      last4: transaction.credit_card.last_4,
      test: transaction.test,
      returnUrl: transaction.return_url,
      frameAncestors: shop?.settings.frame_ancestors ?? [],
      threeDSecure: transaction.three_d_secure_verification.ve_status === "Y",
    },
  };
}

/**
 * The page for the state the verification is in now (no changes made). A `verifying` challenge is only shown after
 * waiting for its claim ran out (see `waitWhileVerifying`): the shopper is told it was not verified, as it will be
 * once the claim goes stale.
 */
function pageFor(loaded: Loaded, error: ChallengeError | null = null): IssuerPage {
  const { transaction, challenge, context } = loaded;
  if (
    !challenge ||
    challenge.stage === "finished" ||
    challenge.stage === "verifying" ||
    transaction.status !== "incomplete"
  ) {
    return { kind: "result", context, status: transaction.status };
  }
  if (challenge.stage === "method") return { kind: "method", context };
  return {
    kind: "challenge",
    context,
    testCode: transaction.test ? challenge.oneTimeCode : null,
    attemptsLeft: Math.max(WRONG_CODE_LIMIT - challenge.failedAttempts, 0),
    error,
  };
}

/** Ends the verification; when another request got there first, shows what it made of it. */
async function finish(
  deps: IssuerFlowDeps,
  loaded: Loaded & { challenge: ThreeDSecureChallengeRow },
  outcome: AuthenticationOutcome,
): Promise<IssuerAction> {
  const result = await finishVerification(deps, loaded.challenge, outcome);
  if (result.finished) return finished(result.transaction, loaded.context);
  return settle(deps, loaded.context.uid);
}

const VERIFYING_POLL_MS = 200;

/**
 * While another request asks the merchant's verification_url (a double submit, another tab), this one waits for
 * its answer, up to the claim's lease, and then shows what came of it rather than asking again.
 */
async function waitWhileVerifying(deps: IssuerFlowDeps, loaded: Loaded): Promise<Loaded> {
  const giveUpAt = Date.now() + VERIFYING_LEASE_SECONDS * 1000;
  let current = loaded;
  while (
    current.challenge?.stage === "verifying" &&
    !isStaleClaim(current.challenge, deps.clock.now()) &&
    Date.now() < giveUpAt
  ) {
    await sleep(VERIFYING_POLL_MS);
    current = (await load(deps, loaded.context.uid)) ?? current;
  }
  return current;
}

/**
 * A challenge whose wrong codes reached the limit but that is not finished yet: the request that counted the last
 * one is about to end it (or its instance stopped first). Whoever sees it ends it as failed; a correct code can no
 * longer pass it (`finishVerification` checks the count in the statement that claims the challenge).
 */
function outOfAttempts(challenge: Pick<ThreeDSecureChallengeRow, "stage" | "failedAttempts">): boolean {
  return challenge.stage === "challenge" && challenge.failedAttempts >= WRONG_CODE_LIMIT;
}

/** Reloads after a lost race, ending a verification that expired or ran out of attempts meanwhile. */
async function settle(deps: IssuerFlowDeps, uid: string): Promise<IssuerAction> {
  const found = await load(deps, uid);
  if (!found) return { kind: "page", page: { kind: "not_found" } };
  const loaded = await waitWhileVerifying(deps, found);
  const { challenge } = loaded;
  const expired = challenge !== null && mayEndAsExpired(challenge, deps.clock.now());
  if (challenge && (expired || outOfAttempts(challenge))) {
    const result = await finishVerification(deps, challenge, expired ? "expired" : "wrong_code");
    if (result.finished) return finished(result.transaction, loaded.context);
    return { kind: "page", page: pageFor((await load(deps, uid)) ?? loaded) };
  }
  return { kind: "page", page: pageFor(loaded) };
}

/** Loads a verification still waiting on the shopper, or answers with what to show instead. */
async function loadOpen(
  deps: IssuerFlowDeps,
  uid: string,
): Promise<{ open: Loaded & { challenge: ThreeDSecureChallengeRow } } | { done: IssuerAction }> {
  const found = await load(deps, uid);
  if (!found) return { done: { kind: "page", page: { kind: "not_found" } } };
  const loaded = await waitWhileVerifying(deps, found);
  const { challenge } = loaded;
  if (!challenge || challenge.stage === "finished" || loaded.transaction.status !== "incomplete") {
    return { done: { kind: "page", page: pageFor(loaded) } };
  }
  // Expired (or its claim stale), but not swept yet: it ends now, on this visit.
  if (mayEndAsExpired(challenge, deps.clock.now())) {
    return { done: await finish(deps, { ...loaded, challenge }, "expired") };
  }
  if (outOfAttempts(challenge)) return { done: await finish(deps, { ...loaded, challenge }, "wrong_code") };
  if (challenge.stage === "verifying") return { done: { kind: "page", page: pageFor(loaded) } };
  return { open: { ...loaded, challenge } };
}

/** GET /process/{uid}: the page of the verification as it stands (ending it if it expired). */
export async function openIssuerPage(deps: IssuerFlowDeps, uid: string): Promise<IssuerAction> {
  const state = await loadOpen(deps, uid);
  return "done" in state ? state.done : { kind: "page", page: pageFor(state.open) };
}

function codesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** POST /process/{uid}: the shopper's one-time code, or Cancel. */
export async function answerChallenge(
  deps: IssuerFlowDeps,
  uid: string,
  answer: { cancel: boolean; code: string },
): Promise<IssuerAction> {
  const state = await loadOpen(deps, uid);
  if ("done" in state) return state.done;
  const { open } = state;
  if (open.challenge.stage !== "challenge") return { kind: "page", page: pageFor(open) };
  if (answer.cancel) return finish(deps, open, "cancelled");
  const code = answer.code.trim();
  if (code === "") return { kind: "page", page: pageFor(open, "blank") };
  if (codesMatch(open.challenge.oneTimeCode, code)) return finish(deps, open, "authenticated");

  const now = deps.clock.sqlNow();
  const [counted] = await deps.db
    .update(threeDSecureChallenges)
    .set({ failedAttempts: sql`${threeDSecureChallenges.failedAttempts} + 1`, updatedAt: sql`${now}` })
    .where(
      and(
        eq(threeDSecureChallenges.transactionUid, uid),
        eq(threeDSecureChallenges.stage, "challenge"),
        gt(threeDSecureChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!counted) return settle(deps, uid);
  const counting = { ...open, challenge: counted };
  if (counted.failedAttempts >= WRONG_CODE_LIMIT) return finish(deps, counting, "wrong_code");
  return { kind: "page", page: pageFor(counting, "wrong_code") };
}

/**
 * POST /process/{uid}/method: the device data arrived (the sandbox issuer needs none of it, and keeps none). The
 * card's scenario decides what follows: the challenge, or an answer at once.
 */
export async function submitDeviceData(deps: IssuerFlowDeps, uid: string): Promise<IssuerAction> {
  const state = await loadOpen(deps, uid);
  if ("done" in state) return state.done;
  const { open } = state;
  if (open.challenge.stage !== "method") return { kind: "page", page: pageFor(open) };
  const scenario = open.challenge.scenario;
  if (!isIssuerScenario(scenario)) throw new Error(`Unknown 3-D Secure scenario ${scenario}`);
  if (scenario !== "challenge") return finish(deps, open, FRICTIONLESS_OUTCOMES[scenario]);

  const now = deps.clock.sqlNow();
  const [advanced] = await deps.db
    .update(threeDSecureChallenges)
    .set({ stage: "challenge", updatedAt: sql`${now}` })
    .where(
      and(
        eq(threeDSecureChallenges.transactionUid, uid),
        eq(threeDSecureChallenges.stage, "method"),
        gt(threeDSecureChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!advanced) return settle(deps, uid);
  return { kind: "page", page: pageFor({ ...open, challenge: advanced }) };
}

/** `return_url` with the transaction's `uid` and `status` added to its query (its own query kept). */
export function returnUrlWithResult(
  returnUrl: string,
  transaction: Pick<Transaction, "uid" | "status">,
): string {
  const url = new URL(returnUrl);
  url.searchParams.set("uid", transaction.uid);
  url.searchParams.set("status", transaction.status);
  return url.toString();
}
