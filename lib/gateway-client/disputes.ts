import {
  DISPUTE_ID_PATTERN,
  type Dispute,
  type DisputeEvidence,
  type DisputeFile,
  type DisputeReport,
  type DisputeStatus,
  type DisputeTimelineEntry,
  type EarlyFraudWarning,
  EVIDENCE_FILE_ID_PATTERN,
} from "@/lib/contracts/dispute";
import { ADMIN_SESSION_HEADER } from "@/lib/contracts/merchant";
import { getConfig } from "@/lib/server/config";
import type { ShopCredentials } from "./checkout";
import { currentClientAddress } from "./forwarded-address";
import { DEFAULT_TIMEOUT_MS, type GatewayConnection, type GatewayResult } from "./http";
import { basicAuthorization, callMerchantApi, type Page, type PageQuery } from "./merchant";

/** Disputes as the admin area uses them: list, read, answer with evidence and files, accept. Server-side only. */

const DEFAULT_PAGE_SIZE = 25;

export interface DisputeQuery extends PageQuery {
  status?: DisputeStatus;
  /** Test disputes only, or live ones only; both when absent. */
  test?: boolean;
  order?: "created" | "due";
  transactionUid?: string;
}

/** A file's content as the gateway serves it, for the admin's download route to pass on. */
export interface EvidenceFileDownload {
  content: ArrayBuffer;
  contentType: string;
  contentDisposition: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const asDispute = (body: unknown): Dispute | undefined =>
  isObject(body) && body.object === "dispute" ? (body as Dispute) : undefined;

function notFound<T>(what: string): Promise<GatewayResult<T>> {
  return Promise.resolve({ ok: false, kind: "not_found", status: 404, message: `Malformed ${what} id` });
}

export function disputesClient(connection: GatewayConnection) {
  return {
    listDisputes(credentials: ShopCredentials, query: DisputeQuery = {}) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
      return callMerchantApi<Page<Dispute>>(connection, {
        method: "GET",
        path: "/disputes",
        query: {
          page,
          per_page: perPage,
          status: query.status,
          test: query.test === undefined ? undefined : String(query.test),
          order: query.order,
          transaction_uid: query.transactionUid,
        },
        credentials,
        read: (body, headers) => {
          if (!Array.isArray(body)) return undefined;
          const counted = Number(headers.get("x-total-count"));
          const total = Number.isInteger(counted) && counted >= 0 ? counted : body.length;
          return {
            items: body as Dispute[],
            total,
            page,
            perPage,
            pageCount: Math.max(1, Math.ceil(total / perPage)),
          };
        },
      });
    },

    getDispute(credentials: ShopCredentials, id: string) {
      if (!DISPUTE_ID_PATTERN.test(id)) return notFound<Dispute>("dispute");
      return callMerchantApi<Dispute>(connection, {
        method: "GET",
        path: `/disputes/${id}`,
        credentials,
        read: asDispute,
      });
    },

    getTimeline(credentials: ShopCredentials, id: string) {
      if (!DISPUTE_ID_PATTERN.test(id)) return notFound<DisputeTimelineEntry[]>("dispute");
      return callMerchantApi<DisputeTimelineEntry[]>(connection, {
        method: "GET",
        path: `/disputes/${id}/timeline`,
        credentials,
        read: (body) => (Array.isArray(body) ? (body as DisputeTimelineEntry[]) : undefined),
      });
    },

    /** Stages the evidence, or with `submit` sends it (final). */
    submitEvidence(credentials: ShopCredentials, id: string, evidence: DisputeEvidence, submit: boolean) {
      if (!DISPUTE_ID_PATTERN.test(id)) return notFound<Dispute>("dispute");
      return callMerchantApi<Dispute>(connection, {
        method: "POST",
        path: `/disputes/${id}/evidence`,
        credentials,
        body: { evidence, submit },
        read: asDispute,
      });
    },

    acceptDispute(credentials: ShopCredentials, id: string) {
      if (!DISPUTE_ID_PATTERN.test(id)) return notFound<Dispute>("dispute");
      return callMerchantApi<Dispute>(connection, {
        method: "POST",
        path: `/disputes/${id}/accept`,
        credentials,
        read: asDispute,
      });
    },

    uploadEvidenceFile(credentials: ShopCredentials, id: string, file: File) {
      if (!DISPUTE_ID_PATTERN.test(id)) return notFound<DisputeFile>("dispute");
      const form = new FormData();
      form.set("file", file, file.name);
      return callMerchantApi<DisputeFile>(connection, {
        method: "POST",
        path: `/disputes/${id}/files`,
        credentials,
        form,
        read: (body) =>
          isObject(body) && body.object === "dispute_file" ? (body as DisputeFile) : undefined,
      });
    },

    removeEvidenceFile(credentials: ShopCredentials, id: string, fileId: string) {
      if (!DISPUTE_ID_PATTERN.test(id) || !EVIDENCE_FILE_ID_PATTERN.test(fileId))
        return notFound<{ deleted: true }>("file");
      return callMerchantApi<{ deleted: true }>(connection, {
        method: "DELETE",
        path: `/disputes/${id}/files/${fileId}`,
        credentials,
        read: (body) => (isObject(body) && body.deleted === true ? { deleted: true } : undefined),
      });
    },

    /** The file's bytes, or null when the gateway has none for this shop (or cannot be reached). */
    async downloadEvidenceFile(
      credentials: ShopCredentials,
      id: string,
      fileId: string,
    ): Promise<EvidenceFileDownload | null> {
      if (!DISPUTE_ID_PATTERN.test(id) || !EVIDENCE_FILE_ID_PATTERN.test(fileId)) return null;
      const headers: Record<string, string> = { authorization: basicAuthorization(credentials) };
      if (credentials.sessionId) headers[ADMIN_SESSION_HEADER] = credentials.sessionId;
      const forwardedFor = await connection.forwardedFor?.();
      if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
      try {
        const response = await (connection.fetch ?? fetch)(
          `${connection.baseUrl}/disputes/${id}/files/${fileId}`,
          {
            headers,
            cache: "no-store",
            redirect: "manual",
            signal: AbortSignal.timeout(connection.timeoutMs ?? DEFAULT_TIMEOUT_MS),
          },
        );
        if (!response.ok) return null;
        return {
          content: await response.arrayBuffer(),
          contentType: response.headers.get("content-type") ?? "application/octet-stream",
          contentDisposition: response.headers.get("content-disposition") ?? "attachment",
        };
      } catch {
        return null;
      }
    },

    listEarlyFraudWarnings(credentials: ShopCredentials, transactionUid: string) {
      return callMerchantApi<EarlyFraudWarning[]>(connection, {
        method: "GET",
        path: "/early_fraud_warnings",
        query: { transaction_uid: transactionUid },
        credentials,
        read: (body) => (Array.isArray(body) ? (body as EarlyFraudWarning[]) : undefined),
      });
    },

    /** Counts by status now: a live shop's live disputes, or with `test` its test ones. */
    disputeReport(credentials: ShopCredentials, options: { test?: boolean } = {}) {
      return callMerchantApi<DisputeReport>(connection, {
        method: "GET",
        path: "/reports/disputes",
        credentials,
        ...(options.test ? { query: { test: "true" } } : {}),
        read: (body) => (isObject(body) && isObject(body.statuses) ? (body as DisputeReport) : undefined),
      });
    },
  };
}

export type DisputesClient = ReturnType<typeof disputesClient>;

let cached: DisputesClient | undefined;

/** The disputes client of this deployment's gateway (`GATEWAY_BASE_URL`). */
export function getDisputesClient(): DisputesClient {
  cached ??= disputesClient({ baseUrl: getConfig().gatewayBaseUrl, forwardedFor: currentClientAddress });
  return cached;
}
