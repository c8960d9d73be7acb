import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_EVIDENCE_FILE_BYTES, MAX_EVIDENCE_FILES } from "@/lib/contracts/dispute";
import { queryRows } from "@/lib/db/client";
import { disputeFiles } from "@/lib/db/schema";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { ManualClock } from "@/lib/gateway/clock";
import { cleanFilename, detectEvidenceFileType } from "@/lib/gateway/disputes/evidence-files";
import { callJson, type JsonBody, startTestGateway, type TestGateway, type TestShop } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * Evidence files of a dispute: what is taken (PDF, PNG, JPEG by their content, within the limits), what is refused
 * with nothing stored, and that only the dispute's shop ever reads them back.
 */
const clock = new ManualClock(new Date());
let gateway: TestGateway;
let shop: TestShop;

beforeAll(async () => {
  gateway = await startTestGateway({ clock, acquirer: new SandboxAcquirer({ disputeDelayMs: 0 }) });
  shop = await gateway.createShop();
});

afterAll(async () => {
  await gateway.close();
});

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from("1 0 obj <<>> endobj\n%%EOF\n")]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

/** A chargeback of a fresh test payment (product not received), awaiting the merchant's answer. */
async function openDispute(): Promise<JsonBody> {
  const payment = await postPayment(
    gateway,
    shop,
    paymentRequest({ amount: 2500, currency: "EUR", duplicate_check: false }, { number: "4000000000002685" }),
  );
  expect(payment.body.transaction.status).toBe("successful");
  await gateway.runtime.disputeFeed.sweepOnce();
  const list = await callJson(gateway, `/disputes?transaction_uid=${payment.body.transaction.uid}`, { shop });
  expect(list.body).toHaveLength(1);
  return list.body[0];
}

function upload(
  disputeId: string,
  bytes: Uint8Array,
  name: string,
  options: { as?: TestShop; type?: string; field?: string } = {},
) {
  const form = new FormData();
  form.set(options.field ?? "file", new Blob([new Uint8Array(bytes)], { type: options.type ?? "" }), name);
  return fetch(`${gateway.url}/disputes/${disputeId}/files`, {
    method: "POST",
    headers: { authorization: (options.as ?? shop).authorization },
    body: form,
  });
}

async function json(response: Response): Promise<{ status: number; body: JsonBody }> {
  return { status: response.status, body: await response.json() };
}

async function storedFiles(disputeId: string): Promise<number> {
  const rows = await gateway.runtime.deps.db
    .select({ id: disputeFiles.id })
    .from(disputeFiles)
    .where(eq(disputeFiles.disputeId, disputeId));
  return rows.length;
}

describe("what a file is", () => {
  it("is judged by its first bytes, and its name cleaned and given the extension of what it is", () => {
    expect(detectEvidenceFileType(PDF)).toBe("application/pdf");
    expect(detectEvidenceFileType(PNG)).toBe("image/png");
    expect(detectEvidenceFileType(JPEG)).toBe("image/jpeg");
    expect(detectEvidenceFileType(Buffer.from("<script>alert(1)</script>"))).toBeNull();
    expect(detectEvidenceFileType(Buffer.from("%PDF"))).toBeNull();
    expect(cleanFilename('../../etc/"re\u0000ceipt".exe', "application/pdf")).toBe("receipt.pdf");
    expect(cleanFilename("", "image/png")).toBe("evidence.png");
    expect(cleanFilename("photo.jpeg", "image/jpeg")).toBe("photo.jpg");
  });
});

describe("evidence files", () => {
  it("are stored with the dispute, listed on it, served to its shop only, and submitted with the text", async () => {
    const dispute = await openDispute();
    expect(dispute.evidence_files).toEqual([]);
    // The declared type is not believed: a PDF sent as an image is stored as the PDF it is.
    const added = await json(await upload(dispute.id, PDF, "receipt.png", { type: "image/png" }));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      object: "dispute_file",
      filename: "receipt.pdf",
      content_type: "application/pdf",
      size: PDF.length,
      sha256: createHash("sha256").update(PDF).digest("hex"),
    });
    expect(added.body.id).toMatch(/^dfl_[0-9a-f]{16}$/);
    clock.set(new Date(clock.now().getTime() + 1000));
    expect((await json(await upload(dispute.id, JPEG, "parcel.jpg"))).status).toBe(201);

    const read = await callJson(gateway, `/disputes/${dispute.id}`, { shop });
    expect(read.body.evidence_files.map((file: JsonBody) => file.content_type)).toEqual([
      "application/pdf",
      "image/jpeg",
    ]);
    expect(read.body.evidence_details.has_evidence).toBe(true);

    const download = await gateway.call(`/disputes/${dispute.id}/files/${added.body.id}`, { shop });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="receipt.pdf"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    // Another shop learns nothing: not the file, not the dispute, cannot add to it.
    const other = await gateway.createShop();
    const foreign = await gateway.call(`/disputes/${dispute.id}/files/${added.body.id}`, { shop: other });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Record not found" });
    expect((await upload(dispute.id, PNG, "x.png", { as: other })).status).toBe(404);
    expect(
      (
        await gateway.call(`/disputes/${dispute.id}/files/${added.body.id}`, {
          shop: other,
          method: "DELETE",
        })
      ).status,
    ).toBe(404);
    expect((await gateway.call(`/disputes/${dispute.id}/files/${added.body.id}`)).status).toBe(401);
    expect(await storedFiles(dispute.id)).toBe(2);

    // Staged files can be taken back; submitted ones cannot, nor can more be added.
    const removed = await gateway.call(`/disputes/${dispute.id}/files/${added.body.id}`, {
      shop,
      method: "DELETE",
    });
    expect(await removed.json()).toEqual({ id: added.body.id, object: "dispute_file", deleted: true });
    expect((await gateway.call(`/disputes/${dispute.id}/files/${added.body.id}`, { shop })).status).toBe(404);
    const submitted = await callJson(gateway, `/disputes/${dispute.id}/evidence`, {
      shop,
      body: { evidence: { shipping_tracking_number: "1Z999" }, submit: true },
    });
    expect(submitted.body).toMatchObject({
      status: "under_review",
      evidence_files: [{ filename: "parcel.jpg" }],
    });
    const late = await json(await upload(dispute.id, PNG, "late.png"));
    expect(late.status).toBe(422);
    expect(late.body).toEqual({
      message: "Evidence has been submitted; it can no longer be changed",
      errors: { base: ["Evidence has been submitted; it can no longer be changed"] },
    });
    const [kept] = submitted.body.evidence_files;
    expect(
      (await gateway.call(`/disputes/${dispute.id}/files/${kept.id}`, { shop, method: "DELETE" })).status,
    ).toBe(422);
    expect(await storedFiles(dispute.id)).toBe(1);
  });

  it("refuses what is not a PDF, PNG or JPEG, too large, missing, one too many or past due: 422, nothing stored", async () => {
    const dispute = await openDispute();
    const script = await json(await upload(dispute.id, Buffer.from("#!/bin/sh\nrm -rf /\n"), "receipt.pdf"));
    expect(script.status).toBe(422);
    expect(script.body).toEqual({
      message: "File must be a PDF, PNG or JPEG file (judged by its content)",
      errors: { file: ["must be a PDF, PNG or JPEG file (judged by its content)"] },
    });
    const oversized = Buffer.concat([PDF, Buffer.alloc(MAX_EVIDENCE_FILE_BYTES + 1 - PDF.length, 0x20)]);
    const large = await json(await upload(dispute.id, oversized, "big.pdf"));
    expect(large.status).toBe(422);
    expect(large.body.errors).toEqual({ file: ["is too large (maximum is 5 MB)"] });
    // Past the upload's limit the body is not read at all, with a RequestID or without: still a 422 on the file.
    const huge = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const variants: Record<string, string>[] = [{}, { RequestID: `huge-${dispute.id}` }];
    for (const headers of variants) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(huge)]), "huge.pdf");
      const answer = await fetch(`${gateway.url}/disputes/${dispute.id}/files`, {
        method: "POST",
        headers: { authorization: shop.authorization, ...headers },
        body: form,
      });
      expect(answer.status).toBe(422);
      expect((await answer.json()).errors).toEqual({ file: ["is too large (maximum is 5 MB)"] });
    }
    const missing = await json(await upload(dispute.id, PNG, "x.png", { field: "attachment" }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ file: ["can't be blank"] });
    const notForm = await callJson(gateway, `/disputes/${dispute.id}/files`, { shop, body: { file: "x" } });
    expect(notForm.status).toBe(415);
    expect(notForm.body.message).toBe("Content-Type must be multipart/form-data");
    expect(await storedFiles(dispute.id)).toBe(0);

    for (let index = 0; index < MAX_EVIDENCE_FILES; index += 1) {
      expect((await upload(dispute.id, PNG, `photo-${index}.png`)).status).toBe(201);
    }
    const tooMany = await json(await upload(dispute.id, PNG, "one-more.png"));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ file: ["is one too many (a dispute holds at most 10 files)"] });
    expect(await storedFiles(dispute.id)).toBe(MAX_EVIDENCE_FILES);

    const late = await openDispute();
    clock.set(new Date(clock.now().getTime() + 8 * 86_400_000));
    const pastDue = await json(await upload(late.id, PDF, "receipt.pdf"));
    expect(pastDue.status).toBe(422);
    expect(pastDue.body.errors.base[0]).toMatch(/^Evidence was due by /);
    expect(await storedFiles(late.id)).toBe(0);
  });

  it("holds at most 10 MB in all per dispute, counted under the dispute's lock when uploads come at once", async () => {
    const dispute = await openDispute();
    const four = Buffer.concat([JPEG, Buffer.alloc(4 * 1024 * 1024 - JPEG.length, 3)]);
    // Three uploads of 4 MB at once: two fit under 10 MB, the third is refused whichever comes last.
    const answers = await Promise.all(
      [0, 1, 2].map(async (index) => json(await upload(dispute.id, four, `scan-${index}.jpg`))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422]);
    expect(answers.find((answer) => answer.status === 422)?.body.errors).toEqual({
      file: ["would bring the dispute's files over 10 MB in all"],
    });
    const [row] = await queryRows<{ total: string }>(
      gateway.runtime.deps.db,
      sql`select coalesce(sum(size), 0)::text as total from dispute_files where dispute_id = ${dispute.id}`,
    );
    expect(Number(row.total)).toBe(2 * four.length);
  });
});
