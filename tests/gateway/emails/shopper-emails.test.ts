import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/contracts/format-amount";
import { shopperEmails } from "@/lib/db/schema";
import { EMAIL_RETRY_DELAYS_SECONDS } from "@/lib/gateway/emails/email-retry-schedule";
import { enqueueShopperEmail } from "@/lib/gateway/emails/enqueue-shopper-email";
import { ShopperEmailWorker } from "@/lib/gateway/emails/shopper-email-worker";
import { createSmtpTransport, type MailTransport } from "@/lib/gateway/emails/smtp-transport";
import { postChild } from "../child-helpers";
import { callJson, startTestGateway, type TestGateway, type TestShop, uniqueVisaNumber } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import {
  freePort,
  receiverCertificate,
  SMTP_PASSWORD,
  SMTP_USER,
  type SmtpReceiver,
  selfSignedCertificate,
  startSmtpReceiver,
} from "../smtp-receiver";
import { openPage, shownCode, submitForm } from "../three-d-secure-helpers";

let gateway: TestGateway;
let shop: TestShop;
let quietShop: TestShop;
let otherShop: TestShop;
let smtp: SmtpReceiver;
let transport: MailTransport;
let worker: ShopperEmailWorker;
let seed = 31_000;

const RECEIPT_LINES = ["Thank you for shopping with us", "Invoice INV-2026-0042"];
/** Every card number this file pays with: none may be in any message the mail server receives. */
const cardNumbers = new Set<string>();

beforeAll(async () => {
  [gateway, smtp] = await Promise.all([startTestGateway(), startSmtpReceiver()]);
  [shop, quietShop, otherShop] = await Promise.all([
    gateway.createShop(
      {
        customer_emails: { enabled: true },
        branding: { name: "Kaffeerösterei", logo_url: null, color: "#8a3b12" },
      },
      "Roastery",
    ),
    gateway.createShop({}, "Quiet Shop"),
    gateway.createShop({ customer_emails: { enabled: true } }, "Other Shop"),
  ]);
  transport = createSmtpTransport(smtp.url, { ca: smtp.ca ?? undefined });
  worker = new ShopperEmailWorker(gateway.runtime.deps, { transport });
});

afterAll(async () => {
  transport.close();
  await Promise.all([gateway.close(), smtp.close()]);
});

async function pay(
  as: TestShop,
  overrides: Record<string, unknown> = {},
  card: Record<string, unknown> = {},
  type: "payments" | "authorizations" | "credits" = "payments",
) {
  const creditCard = { number: uniqueVisaNumber(seed++), ...card };
  cardNumbers.add(String(creditCard.number));
  const response = await postPayment(
    gateway,
    as,
    paymentRequest(
      {
        amount: 123456,
        currency: "EUR",
        description: "Espresso beans",
        customer: { email: "shopper@example.com", ip: "203.0.113.7" },
        additional_data: { receipt_text: RECEIPT_LINES },
        ...overrides,
      },
      creditCard,
    ),
    type,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.transaction;
}

async function emailsOf(uid: string) {
  return gateway.runtime.deps.db.select().from(shopperEmails).where(eq(shopperEmails.transactionUid, uid));
}

function mailTo(address: string) {
  const mail = smtp.received.find((received) => received.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

describe("a receipt over SMTP", () => {
  it("arrives in German with the subject, the amount in German, the last 4 digits and the receipt lines", async () => {
    const payment = await pay(shop, {
      language: "de",
      customer: { email: "kunde@example.de", ip: "203.0.113.7" },
    });
    expect(payment.status).toBe("successful");
    const [queued] = await emailsOf(payment.uid);
    expect(queued).toMatchObject({
      kind: "receipt",
      language: "de",
      recipient: "kunde@example.de",
      status: "pending",
    });

    await worker.runOnce();
    const mail = mailTo("kunde@example.de");
    expect(mail.parsed.subject).toBe("[TEST] Ihr Beleg von Kaffeerösterei");
    const text = mail.parsed.text ?? "";
    const html = String(mail.parsed.html);
    const amount = formatAmount(123456, "EUR", "de");
    expect(amount).toBe("1.234,56\u00a0€");
    for (const part of [text, html]) {
      expect(part).toContain(amount);
      expect(part).toContain(`•••• ${payment.credit_card.last_4}`);
      expect(part).toContain(payment.uid);
      for (const line of RECEIPT_LINES) expect(part).toContain(line);
      expect(part).toContain("Testtransaktion");
    }
    expect(html).toContain('lang="de"');
    expect(html).toContain("#8a3b12");
    const [sent] = await emailsOf(payment.uid);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("arrives in Arabic, right to left, with the amount in Arabic", async () => {
    const payment = await pay(shop, {
      language: "ar",
      amount: 5000,
      currency: "KWD",
      customer: { email: "arabic@example.com", ip: "203.0.113.7" },
    });
    await worker.runOnce();
    const mail = mailTo("arabic@example.com");
    expect(mail.parsed.subject).toBe("[تجريبي] إيصالك من Kaffeerösterei");
    const html = String(mail.parsed.html);
    expect(html).toMatch(/<html[^>]*dir="rtl"/);
    expect(html).toMatch(/<html[^>]*lang="ar"/);
    const amount = formatAmount(5000, "KWD", "ar");
    // Three decimals for the dinar (ISO 4217), and the dinar's Arabic sign.
    expect(amount).toMatch(/5[.,٫]000/);
    expect(amount).toContain("د.ك");
    expect(mail.parsed.text).toContain(amount);
    expect(html).toContain(amount);
    expect(mail.parsed.text).toContain(payment.credit_card.last_4);
    for (const line of RECEIPT_LINES) expect(mail.parsed.text).toContain(line);
  });

  it("tells the shopper of a refund, a capture and a payout", async () => {
    const payment = await pay(shop, { customer: { email: "refund@example.com", ip: "203.0.113.7" } });
    const refund = await postChild(gateway, shop, "refunds", {
      parent_uid: payment.uid,
      amount: 1000,
      reason: "Returned",
    });
    expect(refund.status).toBe(200);
    expect(await emailsOf(refund.body.transaction.uid)).toMatchObject([
      { kind: "refund", recipient: "refund@example.com" },
    ]);
    // It names the payment and its amount, so it can say which part came back; the receipt its page.
    const [refundEmail] = await emailsOf(refund.body.transaction.uid);
    expect(refundEmail.payload).toMatchObject({
      amount: 1000,
      refundOf: { uid: payment.uid, amount: payment.amount },
    });
    const [receiptEmail] = await emailsOf(payment.uid);
    expect(receiptEmail.payload).toMatchObject({ receiptUrl: payment.receipt_url, refundOf: null });
    expect(payment.receipt_url).toMatch(/\/process\/[0-9a-f-]+\/receipt$/);

    const authorization = await pay(
      shop,
      { customer: { email: "capture@example.com", ip: "203.0.113.7" } },
      {},
      "authorizations",
    );
    expect(await emailsOf(authorization.uid)).toEqual([]);
    const capture = await postChild(gateway, shop, "captures", {
      parent_uid: authorization.uid,
      amount: 123456,
    });
    expect(capture.status).toBe(200);
    expect(await emailsOf(capture.body.transaction.uid)).toMatchObject([{ kind: "receipt" }]);

    // A payout names its recipient in `customer`, as a payment does.
    const payout = await pay(shop, { customer: { email: "payout@example.com" } }, {}, "credits");
    expect(payout.status).toBe("successful");
    expect(payout.customer).toMatchObject({ email: "payout@example.com" });
    expect(await emailsOf(payout.uid)).toMatchObject([{ kind: "payout" }]);

    while ((await worker.runOnce()) > 0) {}
    expect(mailTo("payout@example.com").parsed.subject).toBe("[TEST] Payout from Kaffeerösterei");
    const toRefunded = smtp.received.filter((mail) => mail.to.includes("refund@example.com"));
    const refundMail = toRefunded.find((mail) => mail.parsed.subject?.includes("Refund"));
    expect(refundMail?.parsed.text).toContain(
      `Partial refund of ${formatAmount(1000, payment.currency, "en")} of ${formatAmount(payment.amount, payment.currency, "en")}`,
    );
    expect(toRefunded.map((mail) => mail.parsed.subject).sort()).toEqual([
      "[TEST] Refund from Kaffeerösterei",
      "[TEST] Your receipt from Kaffeerösterei",
    ]);
    expect(mailTo("capture@example.com").parsed.subject).toBe("[TEST] Your receipt from Kaffeerösterei");
  });

  it("is not sent for a declined payment, without an address, or by a shop that has not turned e-mails on", async () => {
    const declined = await postPayment(
      gateway,
      shop,
      paymentRequest(
        { customer: { email: "declined@example.com", ip: "203.0.113.7" } },
        { number: "4005550000000019" },
      ),
    );
    expect(declined.body.transaction.status).toBe("failed");
    expect(await emailsOf(declined.body.transaction.uid)).toEqual([]);
    const noAddress = await pay(shop, { customer: { ip: "203.0.113.7" } });
    expect(await emailsOf(noAddress.uid)).toEqual([]);
    const quiet = await pay(quietShop);
    expect(await emailsOf(quiet.uid)).toEqual([]);
  });

  it("sends only the kinds the shop chose", async () => {
    const picky = await gateway.createShop({ customer_emails: { enabled: true, kinds: ["refund"] } });
    const payment = await pay(picky);
    expect(await emailsOf(payment.uid)).toEqual([]);
    const refund = await postChild(gateway, picky, "refunds", {
      parent_uid: payment.uid,
      amount: 1,
      reason: "x",
    });
    expect(await emailsOf(refund.body.transaction.uid)).toMatchObject([{ kind: "refund" }]);
  });
});

describe("a payment after a 3-D Secure challenge", () => {
  it("queues its receipt when the challenge passes, not before", async () => {
    const secure = await gateway.createShop({ three_d_secure: true, customer_emails: { enabled: true } });
    const started = await pay(
      secure,
      {
        return_url: "https://merchant.example/return",
        customer: { email: "challenged@example.com", ip: "203.0.113.7" },
      },
      { number: "4012000000001097" },
    );
    expect(started.status).toBe("incomplete");
    expect(await emailsOf(started.uid)).toEqual([]);
    const code = shownCode((await openPage(gateway, started.uid)).html);
    const answer = await submitForm(gateway, started.uid, { code, action: "confirm" });
    expect(answer.status).toBe(303);
    expect(await emailsOf(started.uid)).toMatchObject([
      { kind: "receipt", recipient: "challenged@example.com" },
    ]);
  });
});

describe("card data in e-mails", () => {
  it("has nothing of the card but its brand and last 4 digits: no number, token, stamp or security code", async () => {
    const number = uniqueVisaNumber(seed++);
    const payment = await pay(
      shop,
      {
        customer: { email: "sentinel@example.com", ip: "203.0.113.7" },
        additional_data: { contract: ["recurring"] },
      },
      { number, verification_value: "987" },
    );
    expect(payment.credit_card.token).toMatch(/^[0-9a-f]{64}$/);
    await worker.runOnce();
    const [row] = await emailsOf(payment.uid);
    const mail = mailTo("sentinel@example.com");
    const everything = [
      mail.raw,
      String(mail.parsed.html),
      mail.parsed.text ?? "",
      JSON.stringify(row.payload),
    ].join("\n");
    expect(everything).toContain(number.slice(-4));
    expect(everything).not.toContain(number);
    expect(everything).not.toContain(number.slice(0, 6));
    expect(everything).not.toContain(payment.credit_card.token);
    expect(everything).not.toContain(payment.credit_card.stamp);
    // As a number of its own: the random uid in the message may hold the three digits by chance.
    expect(mail.parsed.text).not.toMatch(/\b987\b/);
    expect(String(mail.parsed.html)).not.toMatch(/\b987\b/);
    expect(Object.keys((row.payload as { card: object }).card).sort()).toEqual(["brand", "last4"]);
  });
});

describe("delivery", () => {
  it("marks a message the server refuses failed and sends the rest", async () => {
    smtp.refused.add("nobody@example.com");
    const refused = await pay(shop, { customer: { email: "nobody@example.com", ip: "203.0.113.7" } });
    const accepted = await pay(shop, { customer: { email: "somebody@example.com", ip: "203.0.113.7" } });
    const logged = gateway.logs.length;
    await worker.runOnce();
    const [failed] = await emailsOf(refused.uid);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toContain("550");
    expect(failed.lastError).toContain("<nobody@example.com>");
    // The server's reply quotes the address; the log line says why without it.
    const lines = gateway.logs.slice(logged).filter((line) => line.includes(failed.id));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).error).toContain("550");
    expect(lines[0]).not.toContain("nobody@example.com");
    expect((await emailsOf(accepted.uid))[0].status).toBe("sent");
    expect(mailTo("somebody@example.com")).toBeDefined();
  });

  it("tries again when the mail server is down at first, and the message gets through", async () => {
    const port = await freePort();
    const later = createSmtpTransport(
      `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
      { ca: receiverCertificate().cert },
    );
    const retrying = new ShopperEmailWorker(gateway.runtime.deps, {
      transport: later,
      // Due again at once, so the test does not wait out the schedule.
      retryDelaySeconds: () => 0,
    });
    // The other tests' worker must not take this one.
    const payment = await pay(otherShop, { customer: { email: "patient@example.com", ip: "203.0.113.7" } });
    await retrying.runOnce();
    const [pending] = await emailsOf(payment.uid);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending.lastError).toMatch(/ECONNREFUSED|connect/i);

    const up = await startSmtpReceiver(port);
    try {
      await retrying.runOnce();
      const [sent] = await emailsOf(payment.uid);
      expect(sent, String(sent.lastError)).toMatchObject({ status: "sent", attempts: 2 });
      expect(up.received.map((mail) => mail.to)).toEqual([["patient@example.com"]]);
    } finally {
      later.close();
      await up.close();
    }
  });

  it("waits longer after each failed attempt, and records the message failed after the last", async () => {
    // Nothing listens on this port: every attempt fails to connect, a temporary failure.
    const down = createSmtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const failing = new ShopperEmailWorker(gateway.runtime.deps, { transport: down });
    const payment = await pay(otherShop, { customer: { email: "unlucky@example.com", ip: "203.0.113.7" } });
    const waits: number[] = [];
    try {
      for (let attempt = 1; attempt <= EMAIL_RETRY_DELAYS_SECONDS.length + 1; attempt++) {
        const before = Date.now();
        expect(await failing.runOnce()).toBe(1);
        const [row] = await emailsOf(payment.uid);
        expect(row.attempts).toBe(attempt);
        expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
        if (attempt <= EMAIL_RETRY_DELAYS_SECONDS.length) {
          expect(row.status).toBe("pending");
          waits.push((row.nextAttemptAt.getTime() - before) / 1000);
          // Due now again, so the next attempt is this test's, not a later one's.
          await gateway.runtime.deps.db
            .update(shopperEmails)
            .set({ nextAttemptAt: new Date(0) })
            .where(eq(shopperEmails.id, row.id));
        } else {
          expect(row.status).toBe("failed");
        }
      }
    } finally {
      down.close();
    }
    // The schedule, give or take its 10 % jitter: about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h.
    EMAIL_RETRY_DELAYS_SECONDS.forEach((delay, index) => {
      expect(waits[index]).toBeGreaterThanOrEqual(delay * 0.9 - 5);
      expect(waits[index]).toBeLessThanOrEqual(delay * 1.1 + 5);
    });
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    // Given up on: no worker takes it again.
    expect(await failing.runOnce()).toBe(0);
  });

  it("sends over TLS when the mail server offers STARTTLS, and never in clear to a server it cannot trust", async () => {
    const certificate = selfSignedCertificate();
    const tls = await startSmtpReceiver(0, { tls: certificate });
    const trusting = createSmtpTransport(tls.url, { ca: certificate.cert });
    const untrusting = createSmtpTransport(tls.url);
    try {
      const secured = await pay(otherShop, { customer: { email: "tls@example.com", ip: "203.0.113.7" } });
      await new ShopperEmailWorker(gateway.runtime.deps, { transport: trusting }).runOnce();
      expect((await emailsOf(secured.uid))[0]).toMatchObject({ status: "sent" });
      expect(tls.received.map((mail) => [mail.to, mail.secure])).toEqual([[["tls@example.com"], true]]);

      // A certificate nobody vouches for: the message waits for a retry rather than going out unencrypted.
      const refused = await pay(otherShop, {
        customer: { email: "untrusted@example.com", ip: "203.0.113.7" },
      });
      await new ShopperEmailWorker(gateway.runtime.deps, { transport: untrusting }).runOnce();
      const [row] = await emailsOf(refused.uid);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/certificate/i);
      expect(tls.received).toHaveLength(1);
    } finally {
      trusting.close();
      untrusting.close();
      await tls.close();
    }
  });

  it("never sends credentials or a message in clear: a server that offers no STARTTLS gets nothing", async () => {
    const stripped = await startSmtpReceiver(0, { tls: false });
    const plain = createSmtpTransport(stripped.url);
    try {
      const payment = await pay(otherShop, {
        customer: { email: "downgraded@example.com", ip: "203.0.113.7" },
      });
      const logged = gateway.logs.length;
      await new ShopperEmailWorker(gateway.runtime.deps, { transport: plain }).runOnce();
      const [row] = await emailsOf(payment.uid);
      // Kept for a retry (the server may offer it again, or the operator fixes SMTP_URL), with the reason.
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/STARTTLS/);
      expect(stripped.logins).toEqual([]);
      expect(stripped.received).toEqual([]);
      const lines = gateway.logs.slice(logged).map((line) => JSON.parse(line));
      expect(lines.map((line) => [line.msg, line.emailId])).toEqual([
        [
          "shopper e-mail not sent: the mail server offers no STARTTLS, and credentials and messages never go in clear",
          row.id,
        ],
      ]);
      expect(gateway.logs.slice(logged).join("\n")).not.toContain("downgraded@example.com");
    } finally {
      plain.close();
      await stripped.close();
    }
  });

  it("keeps the message in the database without a mail server", async () => {
    const keeping = new ShopperEmailWorker(gateway.runtime.deps, { transport: null });
    const payment = await pay(shop, { customer: { email: "kept@example.com", ip: "203.0.113.7" } });
    await keeping.runOnce();
    expect((await emailsOf(payment.uid))[0]).toMatchObject({ status: "kept", attempts: 0 });
    expect(smtp.received.some((mail) => mail.to.includes("kept@example.com"))).toBe(false);
  });
});

describe("the merchant API", () => {
  let uid: string;
  let id: string;

  beforeAll(async () => {
    const payment = await pay(shop, {
      language: "fr",
      customer: { email: "api@example.com", ip: "203.0.113.7" },
    });
    uid = payment.uid;
    id = (await emailsOf(uid))[0].id;
    await worker.runOnce();
  });

  it("lists the shop's e-mails, newest first, paginated and by transaction", async () => {
    const all = await callJson(gateway, "/emails?per_page=2", { shop });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(5);
    expect(all.headers.get("link")).toContain('rel="next"');
    const one = await callJson(gateway, `/emails?transaction_uid=${uid}`, { shop });
    expect(one.body).toEqual([
      expect.objectContaining({
        id,
        kind: "receipt",
        status: "sent",
        to: "api@example.com",
        language: "fr",
        subject: "[TEST] Votre reçu de Kaffeerösterei",
        transaction_uid: uid,
        test: true,
      }),
    ]);
    const others = await callJson(gateway, `/emails?transaction_uid=${uid}`, { shop: otherShop });
    expect(others.body).toEqual([]);
  });

  it("reads one with its message, and 404s another shop's or an unknown id", async () => {
    const read = await callJson(gateway, `/emails/${id}`, { shop });
    expect(read.status).toBe(200);
    expect(read.body.email.html).toContain('lang="fr"');
    expect(read.body.email.text).toContain("Montant");
    for (const [as, path] of [
      [otherShop, `/emails/${id}`],
      [shop, "/emails/eml_0000000000000000"],
      [shop, "/emails/nonsense"],
    ] as const) {
      const response = await callJson(gateway, path, { shop: as });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Record not found" });
    }
  });

  it("sends one again", async () => {
    const before = smtp.received.filter((mail) => mail.to.includes("api@example.com")).length;
    const resent = await callJson(gateway, `/emails/${id}/resend`, { shop, method: "POST" });
    expect(resent.status).toBe(200);
    expect(resent.body.email).toMatchObject({ id, status: "pending", attempts: 0 });
    await worker.runOnce();
    expect(smtp.received.filter((mail) => mail.to.includes("api@example.com"))).toHaveLength(before + 1);
    const other = await callJson(gateway, `/emails/${id}/resend`, { shop: otherShop, method: "POST" });
    expect(other.status).toBe(404);
  });

  it("is in the OpenAPI document, its list with the pagination headers", async () => {
    const document = await (await gateway.call("/openapi.json")).json();
    const list = document.paths["/emails"].get.responses["200"];
    expect(Object.keys(list.headers)).toEqual(["X-Total-Count", "Link"]);
    expect(list.content["application/json"].schema.$ref).toBe("#/components/schemas/ShopperEmailList");
    expect(document.paths["/emails/{id}"].get.responses).toHaveProperty("404");
    expect(document.paths["/emails/{id}/resend"].post.responses).toHaveProperty("200");
  });

  it("refuses a bad page, and answers 401 without credentials", async () => {
    const bad = await callJson(gateway, "/emails?per_page=0", { shop });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ per_page: ["must be greater than or equal to 1"] });
    expect((await callJson(gateway, "/emails")).status).toBe(401);
  });

  it("sets customer_emails through PATCH /shop, and refuses an unknown kind", async () => {
    const patched = await callJson(gateway, "/shop", {
      shop: quietShop,
      method: "PATCH",
      body: { settings: { customer_emails: { enabled: true, kinds: ["receipt", "refund"] } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.shop.settings.customer_emails).toEqual({
      enabled: true,
      kinds: ["receipt", "refund"],
    });
    const wrong = await callJson(gateway, "/shop", {
      shop: quietShop,
      method: "PATCH",
      body: { settings: { customer_emails: { kinds: ["spam"] } } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      settings: { customer_emails: { kinds: { "0": ["is not included in the list"] } } },
    });
  });
});

describe("the subscription messages", () => {
  it("are queued in the caller's database transaction and sent with the card update link", async () => {
    const { deps } = gateway.runtime;
    const subscriptionId = `sbs_${uniqueVisaNumber(seed++).slice(0, 16)}`;
    const settings = (await deps.shops.get(shop.id))?.settings;
    if (!settings) throw new Error("shop not found");
    const request = {
      shop: { id: shop.id, name: "Roastery", test: false, settings },
      kind: "renewal_failed" as const,
      language: "he",
      to: "subscriber@example.com",
      amount: 990,
      currency: "ILS",
      description: "Coffee club",
      card: { brand: "master", last4: "4444" },
      subscriptionId,
      test: false,
      cardUpdateUrl: `https://pay.example.com/subscriptions/${subscriptionId}/card`,
    };
    // Rolled back with the caller's transaction: nothing is queued.
    await deps.db
      .transaction(async (tx) => {
        expect(await enqueueShopperEmail(tx, request)).toMatch(/^eml_[0-9a-f]{16}$/);
        throw new Error("rolled back");
      })
      .catch(() => {});
    const byId = () =>
      deps.db.select().from(shopperEmails).where(eq(shopperEmails.subscriptionId, subscriptionId));
    expect(await byId()).toEqual([]);
    const id = await deps.db.transaction((tx) => enqueueShopperEmail(tx, request));
    expect(await byId()).toMatchObject([{ id, kind: "renewal_failed", transactionUid: null }]);

    await worker.runOnce();
    const mail = mailTo("subscriber@example.com");
    expect(mail.parsed.subject).toBe("נדרשת פעולה: התשלום שלך ל-Kaffeerösterei נכשל");
    expect(String(mail.parsed.html)).toContain(
      `href="https://pay.example.com/subscriptions/${subscriptionId}/card"`,
    );
    expect(String(mail.parsed.html)).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail.parsed.text).toContain("עדכון הכרטיס");
  });

  it("are not queued when the shop left their kind out", async () => {
    const settings = (await gateway.runtime.deps.shops.get(quietShop.id))?.settings;
    if (!settings) throw new Error("shop not found");
    const id = await gateway.runtime.deps.db.transaction((tx) =>
      enqueueShopperEmail(tx, {
        shop: {
          id: quietShop.id,
          name: "Quiet",
          test: true,
          settings: { ...settings, customer_emails: { enabled: true, kinds: ["receipt"] } },
        },
        kind: "subscription_started",
        language: "en",
        to: "someone@example.com",
        amount: 100,
        currency: "USD",
        description: "Plan",
        card: null,
        test: true,
      }),
    );
    expect(id).toBeNull();
  });
});

describe("shutting down", () => {
  it("hands a message being sent back, due again at once", async () => {
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    let fail: (error: Error) => void = () => {};
    // A mail server that takes the message and never answers, until the transport is closed.
    const stalled: MailTransport = {
      sendMail: () =>
        new Promise((_resolve, reject) => {
          fail = reject;
          started();
        }),
      close: () => fail(new Error("Connection closed")),
    };
    const stopping = new ShopperEmailWorker(gateway.runtime.deps, { transport: stalled, pollIntervalMs: 50 });
    const payment = await pay(otherShop, { customer: { email: "stalled@example.com", ip: "203.0.113.7" } });
    stopping.start();
    await sending;
    await stopping.stop();
    const [row] = await emailsOf(payment.uid);
    expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Another instance's worker sends it.
    await worker.runOnce();
    expect((await emailsOf(payment.uid))[0].status).toBe("sent");
  });
});

describe("queued e-mails", () => {
  it("are never taken twice from one outbox", async () => {
    const uids = [];
    for (let index = 0; index < 6; index++) uids.push((await pay(otherShop, {})).uid);
    const workers = [0, 1].map(
      () => new ShopperEmailWorker(gateway.runtime.deps, { transport, batchSize: 2 }),
    );
    const before = smtp.received.length;
    await Promise.all(
      workers.map(async (each) => {
        while ((await each.runOnce()) > 0) {}
      }),
    );
    const rows = await gateway.runtime.deps.db
      .select()
      .from(shopperEmails)
      .where(inArray(shopperEmails.transactionUid, uids));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    expect(smtp.received.length - before).toBe(6);
  });
});

describe("every message this file sent", () => {
  // (The card-data test above looks for the first 6 digits and the security code in its own message: the numbers
  // here come from consecutive seeds and share their first digits with the test's made-up ids.)
  it("holds none of the card numbers paid with", () => {
    expect(smtp.received.length).toBeGreaterThan(10);
    expect(cardNumbers.size).toBeGreaterThan(10);
    for (const mail of smtp.received) {
      const everything = [mail.raw, String(mail.parsed.html), mail.parsed.text ?? ""].join("\n");
      for (const number of cardNumbers) {
        expect(everything).not.toContain(number);
      }
    }
  });
});
