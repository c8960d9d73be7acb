import { type Context, Hono } from "hono";
import { MAX_EVIDENCE_FILE_BYTES } from "@/lib/contracts/dispute";
import { BLANK, INVALID } from "@/lib/contracts/messages";
import { isTransactionUid } from "@/lib/contracts/transaction-uid";
import type { GatewayDeps } from "../../context";
import { buildDisputeReport } from "../../disputes/dispute-report";
import { listEarlyFraudWarnings } from "../../disputes/early-fraud-warnings";
import {
  addEvidenceFile,
  type EvidenceUpload,
  readEvidenceFile,
  removeEvidenceFile,
} from "../../disputes/evidence-files";
import {
  acceptDispute,
  getDispute,
  getDisputeTimeline,
  listDisputes,
  parseDisputeFilters,
  submitEvidence,
} from "../../disputes/manage-dispute";
import { GatewayError } from "../../errors";
import { parseReportMode } from "../../reports/daily-report";
import type { GatewayEnv } from "../auth";
import { readFormBody, readJsonBody } from "../body";
import { paginationLinks, parsePagination } from "../pagination";

/** An upload's body: the file and its multipart framing (a too large file is refused by its size, not cut off). */
export const EVIDENCE_UPLOAD_BODY_BYTES = MAX_EVIDENCE_FILE_BYTES + 64 * 1024;

/**
 * The `file` part of a `multipart/form-data` upload, as Stripe's file uploads take it; null when there is none. A
 * body past the upload's limit is a file too large (see `allowBodyUpTo` in app.ts): a 422 naming `file`.
 */
async function readEvidenceUpload(c: Context<GatewayEnv>): Promise<EvidenceUpload | null> {
  const file = (await readFormBody(c))?.get("file");
  if (!file || typeof file === "string") return null;
  return { filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** RFC 6266 Content-Disposition for a download: an ASCII fallback name and the UTF-8 one. */
function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Disputes of the authenticated shop's payments: read them, answer with evidence, or accept them. */
export function disputeRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>();

  routes.get("/disputes", async (c) => {
    const query = c.req.query();
    const pagination = parsePagination(query);
    const { disputes, total } = await listDisputes({
      deps,
      shopId: c.get("shop").id,
      filters: parseDisputeFilters(query),
      pagination,
    });
    c.header("X-Total-Count", String(total));
    const link = paginationLinks(c.req.url, pagination, total);
    if (link) c.header("Link", link);
    return c.json(disputes);
  });

  routes.get("/early_fraud_warnings", async (c) => {
    const transactionUid = c.req.query("transaction_uid");
    if (!transactionUid) throw GatewayError.validation({ transaction_uid: [BLANK] });
    if (!isTransactionUid(transactionUid)) throw GatewayError.validation({ transaction_uid: [INVALID] });
    return c.json(await listEarlyFraudWarnings({ deps, shopId: c.get("shop").id, transactionUid }));
  });

  routes.get("/reports/disputes", async (c) => {
    const shop = c.get("shop");
    return c.json(
      await buildDisputeReport({ deps, shopId: shop.id, test: parseReportMode(c.req.query(), shop) }),
    );
  });

  routes.get("/disputes/:id/timeline", async (c) =>
    c.json(await getDisputeTimeline({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.get("/disputes/:id", async (c) =>
    c.json(await getDispute({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.post("/disputes/:id/evidence", async (c) =>
    c.json(
      await submitEvidence({
        deps,
        shopId: c.get("shop").id,
        id: c.req.param("id"),
        body: await readJsonBody(c),
      }),
    ),
  );

  routes.post("/disputes/:id/accept", async (c) =>
    c.json(await acceptDispute({ deps, shopId: c.get("shop").id, id: c.req.param("id") })),
  );

  routes.post("/disputes/:id/files", async (c) => {
    const upload = await readEvidenceUpload(c);
    const file = await addEvidenceFile({ deps, shopId: c.get("shop").id, id: c.req.param("id"), upload });
    return c.json(file, 201);
  });

  routes.get("/disputes/:id/files/:fileId", async (c) => {
    const file = await readEvidenceFile({
      deps,
      shopId: c.get("shop").id,
      id: c.req.param("id"),
      fileId: c.req.param("fileId"),
    });
    // Served as a download that nothing renders in the gateway's origin: what was uploaded stays a file.
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": attachmentDisposition(file.filename),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    });
  });

  routes.delete("/disputes/:id/files/:fileId", async (c) => {
    const fileId = c.req.param("fileId");
    await removeEvidenceFile({ deps, shopId: c.get("shop").id, id: c.req.param("id"), fileId });
    return c.json({ id: fileId, object: "dispute_file", deleted: true });
  });

  return routes;
}
