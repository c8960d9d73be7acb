import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushTracing, stopTracing, tracingEnabled } from "@/lib/gateway/observability/tracing";
import { callJson, startTestGateway, type TestGateway, type TestShop, tokenizationRequest } from "../harness";
import { paymentRequest, postPayment } from "../money-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

// Sentinel card numbers and a security code: none may appear anywhere in what is exported.
const SENTINEL_TOKENIZED = "4929871234567893";
const SENTINEL_PAID = "5555341244441115";
const SENTINEL_EMAIL = "span.sentinel@example.org";

function spansOf(collector: WebhookReceiver): ExportedSpan[] {
  return collector.received.flatMap((request) => {
    const body = JSON.parse(request.body) as {
      resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
    };
    return body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
  });
}

function attribute(span: ExportedSpan, key: string): unknown {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
}

/** The spans under `root`, at any depth. */
function descendants(spans: ExportedSpan[], root: ExportedSpan): ExportedSpan[] {
  const children = spans.filter((span) => span.parentSpanId === root.spanId && span.traceId === root.traceId);
  return children.flatMap((child) => [child, ...descendants(spans, child)]);
}

describe("OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  let collector: WebhookReceiver;
  let merchant: WebhookReceiver;
  let gateway: TestGateway;
  let shop: TestShop;

  beforeAll(async () => {
    // A real OTLP/HTTP receiver on a free port, collecting the JSON exports as they arrive.
    collector = await startWebhookReceiver();
    collector.answer = () => ({ status: 200, body: "{}", contentType: "application/json" });
    merchant = await startWebhookReceiver();
    gateway = await startTestGateway({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin } });
    shop = await gateway.createShop();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await stopTracing();
    await collector?.close();
    await merchant?.close();
  });

  it("continues the caller's trace with a span per request and child spans for statements, the vault, the acquirer and a webhook delivery, whose traceparent the merchant gets", async () => {
    expect(tracingEnabled()).toBe(true);
    const traceId = randomBytes(16).toString("hex");
    const parentSpanId = randomBytes(8).toString("hex");
    const tokenized = await callJson(gateway, "/transactions/tokenizations", {
      shop,
      body: tokenizationRequest({ tracking_id: "span-track-1" }, { number: SENTINEL_TOKENIZED }),
      headers: { traceparent: `00-${traceId}-${parentSpanId}-01` },
    });
    expect(tokenized.status).toBe(200);
    const paid = await postPayment(
      gateway,
      shop,
      paymentRequest({ notification_url: `${merchant.origin}/hook` }, { number: SENTINEL_PAID }),
    );
    expect(paid.body.transaction.status).toBe("successful");
    const customer = await callJson(gateway, "/customers", {
      shop,
      body: { email: SENTINEL_EMAIL, ip: "203.0.113.7" },
    });
    expect(customer.status).toBe(201);
    await gateway.runtime.notifications.runOnce();
    await merchant.waitFor(1);
    await flushTracing();

    const spans = spansOf(collector);
    // The request span continues the caller's trace, named by the route pattern.
    const tokenization = spans.find((span) => span.traceId === traceId && span.parentSpanId === parentSpanId);
    expect(tokenization?.name).toBe("POST /gateway/transactions/tokenizations");
    expect(tokenization?.kind).toBe(2); // SERVER
    expect(attribute(tokenization as ExportedSpan, "http.response.status_code")).toBe(200);
    const underTokenization = descendants(spans, tokenization as ExportedSpan).map((span) => span.name);
    expect(underTokenization).toContain("vault seal");
    expect(underTokenization.some((name) => /^db (insert|select|with)$/.test(name))).toBe(true);

    // Without a traceparent a request starts its own trace; the acquirer call is inside it.
    const payment = spans.find((span) => span.name === "POST /gateway/transactions/payments");
    expect(payment).toBeDefined();
    expect(payment?.traceId).not.toBe(traceId);
    const underPayment = descendants(spans, payment as ExportedSpan);
    const acquirer = underPayment.find((span) => span.name === "acquirer authorize");
    expect(attribute(acquirer as ExportedSpan, "tessera.amount")).toBe(1000);

    // The webhook delivery: a span with the merchant call under it, whose context the merchant received.
    const delivery = spans.find((span) => span.name === "webhook delivery");
    expect(delivery).toBeDefined();
    const post = descendants(spans, delivery as ExportedSpan).find((span) => span.name === "merchant POST");
    expect(post).toBeDefined();
    expect(merchant.received[0].headers.traceparent).toBe(`00-${post?.traceId}-${post?.spanId}-01`);

    // The service is named as OTEL_SERVICE_NAME says (default "tessera").
    const resource = JSON.parse(collector.received[0].body).resourceSpans[0].resource;
    expect(resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "tessera" } });

    // Nothing exported holds a card number, a token, the shop's secret or the shopper's e-mail.
    const exported = collector.received.map((request) => request.body).join("\n");
    for (const secret of [
      SENTINEL_TOKENIZED,
      SENTINEL_PAID,
      SENTINEL_EMAIL,
      shop.secretKey,
      tokenized.body.transaction.credit_card.token,
      paid.body.transaction.credit_card.token,
      tokenized.body.transaction.uid,
    ]) {
      expect(exported).not.toContain(secret);
    }
  }, 60_000);

  it("masks capability tokens in the spans Next.js makes of the checkout app on its own", async () => {
    const token = randomBytes(32).toString("hex");
    const cardToken = randomBytes(32).toString("hex");
    // Next.js traces through the global OpenTelemetry API, under its own tracer: a span as it makes one.
    const { trace } = await import("@opentelemetry/api");
    const span = trace.getTracer("next.js", "16").startSpan(`GET /checkout/${token}`, {
      attributes: {
        "http.target": `/checkout/${token}/result?lang=de`,
        "next.route": "/checkout/[token]",
        "http.url": `http://localhost:3000/subscription_cards/${cardToken}`,
      },
    });
    span.addEvent(`render /checkout/${token}`, { path: `/checkout/${token}` });
    span.end();
    await flushTracing();
    const exported = collector.received.map((request) => request.body).join("\n");
    expect(exported).toContain(`GET /checkout/${token.slice(0, 8)}[REDACTED]`);
    expect(exported).toContain(`/subscription_cards/${cardToken.slice(0, 8)}[REDACTED]`);
    expect(exported).toContain("/checkout/[token]");
    expect(exported).not.toContain(token.slice(8));
    expect(exported).not.toContain(cardToken.slice(8));
  });
});
