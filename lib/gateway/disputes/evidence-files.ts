import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type DisputeFile,
  EVIDENCE_FILE_ID_PATTERN,
  type EvidenceFileType,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES,
  MAX_EVIDENCE_FILES_BYTES,
} from "@/lib/contracts/dispute";
import { BLANK } from "@/lib/contracts/messages";
import { type DisputeFileRow, disputeFiles, disputes } from "@/lib/db/schema";
import type { GatewayDeps } from "../context";
import { GatewayError } from "../errors";
import type { DatabaseTransaction } from "../transactions/finish-transactions";
import { assertAnswerable, lockDispute } from "./dispute-lock";

export const NOT_AN_EVIDENCE_FILE = "must be a PDF, PNG or JPEG file (judged by its content)";
export const FILE_TOO_LARGE = `is too large (maximum is ${MAX_EVIDENCE_FILE_BYTES / 1024 / 1024} MB)`;
export const TOO_MANY_FILES = `is one too many (a dispute holds at most ${MAX_EVIDENCE_FILES} files)`;
export const FILES_TOO_LARGE = `would bring the dispute's files over ${MAX_EVIDENCE_FILES_BYTES / 1024 / 1024} MB in all`;

/** The signatures the accepted kinds begin with; a file is what these say, whatever its name or declared type. */
const SIGNATURES: readonly [EvidenceFileType, readonly number[]][] = [
  ["application/pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
];

/** What a file is by its first bytes: a PDF, PNG or JPEG, or null for anything else (a renamed script, say). */
export function detectEvidenceFileType(bytes: Uint8Array): EvidenceFileType | null {
  for (const [type, signature] of SIGNATURES) {
    if (bytes.length > signature.length && signature.every((byte, index) => bytes[index] === byte))
      return type;
  }
  return null;
}

const EXTENSIONS: Record<EvidenceFileType, string> = {
  "application/pdf": ".pdf",
  "image/png": ".png",
  "image/jpeg": ".jpg",
};

/**
 * The name kept for a file: its last path segment, without control characters, quotes or backslashes (it goes into a
 * Content-Disposition header), at most 120 characters, ending in the extension of what it is.
 */
export function cleanFilename(name: string, type: EvidenceFileType): string {
  const base = (name.split(/[/\\]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"\\]/g, "")
    .trim()
    .slice(0, 120);
  const extension = EXTENSIONS[type];
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "evidence";
  return `${stem}${extension}`;
}

export function newEvidenceFileId(): string {
  return `dfl_${randomBytes(8).toString("hex")}`;
}

/** The columns a file's description needs: never its content. */
const DESCRIBED = {
  id: disputeFiles.id,
  disputeId: disputeFiles.disputeId,
  filename: disputeFiles.filename,
  contentType: disputeFiles.contentType,
  size: disputeFiles.size,
  sha256: disputeFiles.sha256,
  createdAt: disputeFiles.createdAt,
};
type DescribedFile = Pick<
  DisputeFileRow,
  "id" | "disputeId" | "filename" | "contentType" | "size" | "sha256" | "createdAt"
>;

function describeFile(row: DescribedFile): DisputeFile {
  return {
    id: row.id,
    object: "dispute_file",
    filename: row.filename,
    content_type: row.contentType as EvidenceFileType,
    size: row.size,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

/** The evidence files of each dispute named, oldest first, without their content. */
export async function evidenceFilesOf(
  db: Pick<GatewayDeps["db"], "select">,
  disputeIds: readonly string[],
): Promise<Map<string, DisputeFile[]>> {
  const files = new Map<string, DisputeFile[]>(disputeIds.map((id) => [id, []]));
  if (disputeIds.length === 0) return files;
  const rows = await db
    .select(DESCRIBED)
    .from(disputeFiles)
    .where(inArray(disputeFiles.disputeId, [...disputeIds]))
    .orderBy(asc(disputeFiles.createdAt), asc(disputeFiles.id));
  for (const row of rows) files.get(row.disputeId)?.push(describeFile(row));
  return files;
}

export interface EvidenceUpload {
  /** The name the client gave it (kept only for downloads). */
  filename: string;
  bytes: Uint8Array;
}

/**
 * POST /disputes/{id}/files: stores one evidence file with the dispute, staged until the evidence is submitted. The
 * kind comes from its content; the count and total are checked under the dispute's row lock, so two uploads at once
 * cannot pass them together. Refused (422, nothing stored) when it is no file, not a PDF, PNG or JPEG, too large, one
 * too many, or the dispute can no longer be answered.
 */
export async function addEvidenceFile(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  id: string;
  upload: EvidenceUpload | null;
}): Promise<DisputeFile> {
  const { deps, upload } = options;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, options.shopId, options.id);
    assertAnswerable(dispute, now);
    if (!upload || upload.bytes.length === 0) throw GatewayError.validation({ file: [BLANK] });
    if (upload.bytes.length > MAX_EVIDENCE_FILE_BYTES)
      throw GatewayError.validation({ file: [FILE_TOO_LARGE] });
    const type = detectEvidenceFileType(upload.bytes);
    if (!type) throw GatewayError.validation({ file: [NOT_AN_EVIDENCE_FILE] });
    const [held] = await tx
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${disputeFiles.size}), 0)::int`,
      })
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, dispute.id));
    if (held.files >= MAX_EVIDENCE_FILES) throw GatewayError.validation({ file: [TOO_MANY_FILES] });
    if (held.bytes + upload.bytes.length > MAX_EVIDENCE_FILES_BYTES)
      throw GatewayError.validation({ file: [FILES_TOO_LARGE] });
    const content = Buffer.from(upload.bytes);
    const [row] = await tx
      .insert(disputeFiles)
      .values({
        id: newEvidenceFileId(),
        disputeId: dispute.id,
        shopId: dispute.shopId,
        filename: cleanFilename(upload.filename, type),
        contentType: type,
        size: content.length,
        sha256: createHash("sha256").update(content).digest("hex"),
        content,
        createdAt: now,
        updatedAt: now,
      })
      .returning(DESCRIBED);
    await tx.update(disputes).set({ updatedAt: now }).where(eq(disputes.id, dispute.id));
    return describeFile(row);
  });
}

/** The shop's evidence file with its content (GET /disputes/{id}/files/{file_id}); 404 for anyone else's. */
export async function readEvidenceFile(options: {
  deps: Pick<GatewayDeps, "db">;
  shopId: number;
  id: string;
  fileId: string;
}): Promise<DisputeFileRow> {
  if (!EVIDENCE_FILE_ID_PATTERN.test(options.fileId)) throw new GatewayError("record_not_found");
  const [row] = await options.deps.db
    .select()
    .from(disputeFiles)
    .where(
      and(
        eq(disputeFiles.id, options.fileId),
        eq(disputeFiles.disputeId, options.id),
        eq(disputeFiles.shopId, options.shopId),
      ),
    );
  if (!row) throw new GatewayError("record_not_found");
  return row;
}

/** DELETE /disputes/{id}/files/{file_id}: takes a staged file back; refused (422) once the evidence is submitted. */
export async function removeEvidenceFile(options: {
  deps: Pick<GatewayDeps, "db" | "clock">;
  shopId: number;
  id: string;
  fileId: string;
}): Promise<void> {
  const { deps } = options;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx: DatabaseTransaction) => {
    const dispute = await lockDispute(tx, options.shopId, options.id);
    if (!EVIDENCE_FILE_ID_PATTERN.test(options.fileId)) throw new GatewayError("record_not_found");
    assertAnswerable(dispute, now);
    const removed = await tx
      .delete(disputeFiles)
      .where(and(eq(disputeFiles.id, options.fileId), eq(disputeFiles.disputeId, dispute.id)))
      .returning({ id: disputeFiles.id });
    if (removed.length === 0) throw new GatewayError("record_not_found");
    await tx.update(disputes).set({ updatedAt: now }).where(eq(disputes.id, dispute.id));
  });
}
