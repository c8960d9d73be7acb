import { eq, sql } from "drizzle-orm";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import { type Database, queryRows } from "@/lib/db/client";
import { shopperEmails } from "@/lib/db/schema";
import type { Clock } from "../clock";
import type { ShopperEmailPayload } from "./shopper-email-payload";

/** An e-mail claimed by this instance: no other instance takes it until the lease ends. */
export interface ClaimedShopperEmail {
  id: string;
  shopId: number;
  kind: ShopperEmailKind;
  language: string;
  recipient: string;
  payload: ShopperEmailPayload;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * Claims up to `limit` due e-mails in one short statement, as the notification outbox does: `FOR UPDATE SKIP
 * LOCKED` lets every instance claim at once without taking one another's rows, and the lease (`next_attempt_at`
 * pushed forward) hides a claimed row from every other claim until it is sent or handed back. The rows of an
 * instance that dies mid-send come back by themselves when the lease runs out.
 */
export async function claimDueShopperEmails(
  db: Database,
  clock: Clock,
  options: { limit: number; leaseSeconds: number },
): Promise<ClaimedShopperEmail[]> {
  const now = clock.sqlNow();
  const rows = await queryRows<{
    id: string;
    shop_id: number;
    kind: ShopperEmailKind;
    language: string;
    recipient: string;
    payload: ShopperEmailPayload | string;
    attempts: number;
  }>(
    db,
    sql`update shopper_emails
        set next_attempt_at = ${now} + make_interval(secs => ${options.leaseSeconds}), updated_at = ${now}
        where id in (
          select id from shopper_emails
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at
          limit ${options.limit}
          for update skip locked
        )
        returning id, shop_id, kind, language, recipient, payload, attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    shopId: Number(row.shop_id),
    kind: row.kind,
    language: row.language,
    recipient: row.recipient,
    payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
    attempts: Number(row.attempts),
  }));
}

/**
 * Takes one e-mail from the shop's allowance for the current clock hour (live and test apart), or answers false
 * when the hour's `limit` is spent. One statement: the upsert raises the hour's count under its row lock only while
 * it stays within the limit, so workers of any number of instances never pass it together. A shop's hours older
 * than a day are dropped by the same statement.
 */
export async function takeShopperEmailAllowance(
  db: Database,
  clock: Clock,
  allowance: { shopId: number; test: boolean; limit: number },
): Promise<boolean> {
  const hour = sql`date_trunc('hour', ${clock.sqlNow()})`;
  const rows = await queryRows<{ sent: number }>(
    db,
    sql`with forgotten as (
          delete from shopper_email_hours
          where shop_id = ${allowance.shopId} and hour < ${hour} - interval '1 day'
        )
        insert into shopper_email_hours (shop_id, hour, test, sent)
        values (${allowance.shopId}, ${hour}, ${allowance.test}, 1)
        on conflict (shop_id, hour, test)
        do update set sent = shopper_email_hours.sent + 1
        where shopper_email_hours.sent < ${allowance.limit}::integer
        returning sent`,
  );
  return rows.length > 0;
}

const MAX_ERROR_LENGTH = 500;

export type ShopperEmailOutcome =
  | { status: "sent" }
  | { status: "kept" }
  | { status: "pending"; error: string; retryInSeconds: number }
  | { status: "failed"; error: string };

/** Records what became of a claimed e-mail: sent, kept (no mail server), to be tried again, or given up on. */
export async function recordShopperEmailOutcome(
  db: Database,
  clock: Clock,
  id: string,
  outcome: ShopperEmailOutcome,
): Promise<void> {
  const now = clock.sqlNow();
  const attempted = outcome.status !== "kept";
  await db
    .update(shopperEmails)
    .set({
      status: outcome.status,
      attempts: attempted ? sql`${shopperEmails.attempts} + 1` : undefined,
      lastError: "error" in outcome ? outcome.error.slice(0, MAX_ERROR_LENGTH) : null,
      sentAt: outcome.status === "sent" ? sql`${now}` : undefined,
      nextAttemptAt:
        outcome.status === "pending"
          ? sql`${now} + make_interval(secs => ${outcome.retryInSeconds})`
          : undefined,
      updatedAt: sql`${now}`,
    })
    .where(eq(shopperEmails.id, id));
}

/** Gives a claimed e-mail back unsent (this instance is shutting down): due again at once, for any instance. */
export async function releaseShopperEmailClaim(db: Database, clock: Clock, id: string): Promise<void> {
  await db
    .update(shopperEmails)
    .set({ nextAttemptAt: sql`${clock.sqlNow()}` })
    .where(eq(shopperEmails.id, id));
}
