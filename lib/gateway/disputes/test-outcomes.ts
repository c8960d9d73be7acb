import { and, eq, inArray, lt, or } from "drizzle-orm";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import { type DisputeRow, disputes, shops } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { decideDispute, escalateInquiry } from "./apply-dispute-event";
import { disputeNoticeUrls } from "./dispute-notices";
import { readCharge } from "./disputed-charge";

/** Evidence texts that decide a test dispute, as Stripe's test mode has them. */
export const WINNING_EVIDENCE = "winning_evidence";
export const LOSING_EVIDENCE = "losing_evidence";
export const ESCALATE_INQUIRY_EVIDENCE = "escalate_inquiry_evidence";

type Decision = "won" | "lost" | "warning_closed" | "escalate" | null;

/**
 * What the test "bank" decides of a test dispute now: submitted evidence naming `winning_evidence` wins and
 * `losing_evidence` loses; an inquiry answered with `escalate_inquiry_evidence` becomes a chargeback, and any other
 * answer closes it; past its due date, a chargeback not won is lost and an inquiry is closed.
 */
export function testDecision(
  row: Pick<DisputeRow, "status" | "evidence" | "evidenceDueBy">,
  now: Date,
): Decision {
  const text = Object.values((row.evidence ?? {}) as Record<string, string>).join("\n");
  const pastDue = row.evidenceDueBy.getTime() < now.getTime();
  switch (row.status) {
    case "under_review":
      if (text.includes(WINNING_EVIDENCE)) return "won";
      if (text.includes(LOSING_EVIDENCE)) return "lost";
      return pastDue ? "lost" : null;
    case "warning_under_review":
      return text.includes(ESCALATE_INQUIRY_EVIDENCE) ? "escalate" : "warning_closed";
    case "needs_response":
      return pastDue ? "lost" : null;
    case "warning_needs_response":
      return pastDue ? "warning_closed" : null;
    default:
      return null;
  }
}

/**
 * The test bank's sweep: decides test disputes under review, and those past their due date, each in a transaction
 * of its own that locks the disputed charge first (an escalation takes money, as refunds do). Live disputes are
 * decided by the acquirer's events only.
 */
export async function decideTestDisputes(
  deps: Pick<GatewayDeps, "db" | "clock" | "outbox">,
  limit = 50,
): Promise<number> {
  const now = deps.clock.now();
  const candidates = await deps.db
    .select({ id: disputes.id })
    .from(disputes)
    .where(
      and(
        eq(disputes.test, true),
        or(
          inArray(disputes.status, ["under_review", "warning_under_review"]),
          and(
            inArray(disputes.status, ["needs_response", "warning_needs_response"]),
            lt(disputes.evidenceDueBy, now),
          ),
        ),
      ),
    )
    .limit(limit);
  let decided = 0;
  for (const { id } of candidates) {
    const moved = await deps.db.transaction(async (tx) => {
      const [located] = await tx.select().from(disputes).where(eq(disputes.id, id));
      const charge = await readCharge(tx, located.transactionUid, { lock: true });
      if (!charge) throw new Error(`dispute ${id}: its charge ${located.transactionUid} is not written`);
      const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for("update");
      const decision = testDecision(row, now);
      if (!decision) return false;
      const [shop] = await tx
        .select({ settings: shops.settings })
        .from(shops)
        .where(eq(shops.id, row.shopId));
      const settings = shopSettingsSchema.parse(shop.settings);
      const urls = disputeNoticeUrls(charge, settings.notification_url);
      if (decision === "escalate") {
        return escalateInquiry(tx, { charge, dispute: row, urls, now, fee: settings.dispute_fee });
      }
      return decideDispute(tx, row, decision, charge.trackingId, urls, now);
    });
    if (moved) decided += 1;
  }
  if (decided > 0) deps.outbox.nudge();
  return decided;
}
