import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { type DisputesClient, disputesClient } from "@/lib/gateway-client/disputes";
import { startTestGateway, type TestGateway, type TestShop } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";

/**
 * The admin area's client of the disputes API against the real gateway over HTTP: the list in its to-do order, an
 * evidence file sent as multipart and read back, the gateway's refusals mapped for the forms, and another shop's
 * credentials getting nothing.
 */
let gateway: TestGateway;
let client: DisputesClient;
let shop: TestShop;
let otherShop: TestShop;

const credentials = (as: TestShop) => ({ shopId: as.id, secretKey: as.secretKey });
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(100, 9)]);

beforeAll(async () => {
  gateway = await startTestGateway({ acquirer: new SandboxAcquirer({ disputeDelayMs: 0 }) });
  client = disputesClient({ baseUrl: gateway.url });
  [shop, otherShop] = await Promise.all([gateway.createShop(), gateway.createShop()]);
});

afterAll(async () => {
  await gateway.close();
});

describe("the admin's disputes client", () => {
  it("lists, uploads, downloads, refuses and accepts as the dispute's page does", async () => {
    const payment = await postPayment(
      gateway,
      shop,
      paymentRequest(
        { amount: 4200, currency: "EUR", duplicate_check: false },
        { number: "4000000000002685" },
      ),
    );
    const uid = payment.body.transaction.uid;
    await gateway.runtime.disputeFeed.sweepOnce();
    const listed = await client.listDisputes(credentials(shop), {
      transactionUid: uid,
      order: "due",
      test: true,
    });
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.data).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    const [dispute] = listed.data.items;
    const live = await client.listDisputes(credentials(shop), { transactionUid: uid, test: false });
    expect(live.ok && live.data.total).toBe(0);

    const uploaded = await client.uploadEvidenceFile(
      credentials(shop),
      dispute.id,
      new File([new Uint8Array(JPEG)], "photo.jpeg", { type: "image/jpeg" }),
    );
    if (!uploaded.ok) throw new Error(uploaded.message);
    expect(uploaded.data).toMatchObject({
      filename: "photo.jpg",
      content_type: "image/jpeg",
      size: JPEG.length,
    });
    const download = await client.downloadEvidenceFile(credentials(shop), dispute.id, uploaded.data.id);
    expect(download?.contentType).toBe("image/jpeg");
    expect(Buffer.from(download?.content ?? new ArrayBuffer(0)).equals(JPEG)).toBe(true);
    expect(
      await client.downloadEvidenceFile(credentials(otherShop), dispute.id, uploaded.data.id),
    ).toBeNull();

    const refused = await client.uploadEvidenceFile(
      credentials(shop),
      dispute.id,
      new File(["<html></html>"], "receipt.pdf", { type: "application/pdf" }),
    );
    expect(refused).toMatchObject({
      ok: false,
      kind: "invalid",
      status: 422,
      errors: { file: ["must be a PDF, PNG or JPEG file (judged by its content)"] },
    });
    expect(await client.getDispute(credentials(otherShop), dispute.id)).toMatchObject({
      ok: false,
      kind: "not_found",
    });

    const accepted = await client.acceptDispute(credentials(shop), dispute.id);
    expect(accepted.ok && accepted.data.status).toBe("lost");
    const timeline = await client.getTimeline(credentials(shop), dispute.id);
    expect(timeline.ok && timeline.data.map((entry) => entry.event)).toEqual([
      "opened",
      "funds_withdrawn",
      "file_added",
      "closed",
    ]);
    const report = await client.disputeReport(credentials(shop));
    expect(report.ok && report.data).toMatchObject({ test: true, statuses: { lost: 1 } });
  });
});
