import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { accessLogger } from "@/lib/server/log";
import { currentRequestId, requestLineFacts } from "@/lib/server/request-id";
import type { GatewayDeps } from "../context";
import { FILE_TOO_LARGE } from "../disputes/evidence-files";
import { GatewayError, renderGatewayError } from "../errors";
import { jsonInAdapterResponse } from "./adapter-response";
import { checkoutTokenAuth, type GatewayEnv, shopAuth } from "./auth";
import { allowBodyUpTo } from "./body";
import { GATEWAY_BASE_PATH } from "./gateway-paths";
import { idempotency } from "./idempotency";
import { observeRequests } from "./observe-requests";
import { buildOpenApiDocument } from "./openapi";
import { checkoutRoutes } from "./routes/checkouts";
import { childTransactionRoutes } from "./routes/children";
import { customerRoutes } from "./routes/customers";
import { disputeRoutes, EVIDENCE_UPLOAD_BODY_BYTES } from "./routes/disputes";
import { shopperEmailRoutes } from "./routes/emails";
import { notificationRoutes } from "./routes/notifications";
import { observabilityRoutes } from "./routes/observability";
import { paymentRoutes } from "./routes/payments";
import { planLinkRoutes } from "./routes/plan-links";
import { processRoutes } from "./routes/process";
import { paymentLinkRoutes, productRoutes } from "./routes/products";
import { reportRoutes } from "./routes/reports";
import { shopRoutes } from "./routes/shop";
import { subscriptionCardRoutes, subscriptionRoutes } from "./routes/subscriptions";
import { transactionRoutes } from "./routes/transactions";

export { GATEWAY_BASE_PATH };

/** The gateway's HTTP surface: routes are thin, every rule lives in the domain modules they call. */
export function createGatewayApp(deps: GatewayDeps) {
  const app = new Hono<GatewayEnv>().basePath(GATEWAY_BASE_PATH);
  const limiter = deps.rateLimiter;
  const access = accessLogger(deps.logger);
  const openApiDocument = JSON.stringify(buildOpenApiDocument(deps.config.gatewayPublicUrl));

  // Before anything answers: JSON answers in the adapter's own Response, its fast path (adapter-response.ts).
  app.use(jsonInAdapterResponse);
  // Then: every answer names its request (X-Request-Id), is counted and timed, and traced when tracing is on.
  app.use(observeRequests(deps.metrics));
  // Answers carry customer data, card descriptions and the shopper's 3-D Secure pages: no cache may keep them and
  // no browser may read them as another type. Errors and 404s too, so the rule has no exceptions to remember.
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  });
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, allowedMethods) =>
        errorResponse(c, new GatewayError("method_not_allowed", { allowedMethods })),
    }),
  );
  // The request's one line: what was asked and answered, and what the domain added to it (`addToRequestLine`).
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    access.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        ...requestLineFacts(),
      },
      "request",
    );
  });

  app.get("/health", async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: "ok" });
    } catch (error) {
      deps.logger.error({ err: error }, "health check: database unavailable");
      return c.json({ status: "error", database: "unavailable" }, 503);
    }
  });
  // /metrics, /health/live, /health/ready: before any credentials are asked.
  app.route("/", observabilityRoutes(deps));
  app.get("/openapi.json", (c) => c.body(openApiDocument, 200, { "Content-Type": "application/json" }));

  // Payment links are the shopper's (no credentials): answered before the API's authentication below.
  app.route("/", paymentLinkRoutes(deps));
  app.route("/", planLinkRoutes(deps));
  app.use("/transactions/*", checkoutTokenAuth(deps, limiter));
  app.use("/ctp/*", checkoutTokenAuth(deps, limiter), shopAuth(deps, limiter));
  app.use("/transactions/*", shopAuth(deps, limiter));
  app.use("/v2/*", shopAuth(deps, limiter));
  app.use("/credit_cards", shopAuth(deps, limiter));
  app.use("/credit_cards/*", shopAuth(deps, limiter));
  // The spec answers a customer creation with bad credentials 422; the other customer endpoints answer 401.
  const customerCreateAuth = shopAuth(deps, limiter, "invalid_customer_credentials");
  const customerAuth = shopAuth(deps, limiter);
  app.use("/customers/*", (c, next) =>
    c.req.method === "POST" && c.req.path === `${GATEWAY_BASE_PATH}/customers`
      ? customerCreateAuth(c, next)
      : customerAuth(c, next),
  );
  app.use("/shop/*", shopAuth(deps, limiter));
  app.use("/reports/*", shopAuth(deps, limiter));
  app.use("/emails/*", shopAuth(deps, limiter));
  app.use("/products", shopAuth(deps, limiter));
  app.use("/products/*", shopAuth(deps, limiter));
  app.use("/plans", shopAuth(deps, limiter));
  app.use("/plans/*", shopAuth(deps, limiter));
  app.use("/subscriptions", shopAuth(deps, limiter));
  app.use("/subscriptions/*", shopAuth(deps, limiter));
  app.use("/disputes", shopAuth(deps, limiter));
  app.use("/disputes/*", shopAuth(deps, limiter));
  app.use(
    "/disputes/:id/files",
    allowBodyUpTo(EVIDENCE_UPLOAD_BODY_BYTES, () => GatewayError.validation({ file: [FILE_TOO_LARGE] })),
  );
  app.use("/early_fraud_warnings", shopAuth(deps, limiter));
  app.use("*", idempotency(deps));
  app.route("/", paymentRoutes(deps));
  app.route("/", childTransactionRoutes(deps));
  app.route("/", transactionRoutes(deps));
  app.route("/", checkoutRoutes(deps));
  app.route("/", notificationRoutes(deps));
  app.route("/", customerRoutes(deps));
  app.route("/", shopRoutes(deps));
  app.route("/", reportRoutes(deps));
  app.route("/", shopperEmailRoutes(deps));
  app.route("/", productRoutes(deps));
  app.route("/", subscriptionRoutes(deps));
  app.route("/", subscriptionCardRoutes(deps));
  app.route("/", disputeRoutes(deps));
  // The sandbox issuer's 3-D Secure pages, for shoppers: no credentials (the transaction uid is the capability).
  app.route("/", processRoutes(deps, GATEWAY_BASE_PATH));

  app.notFound((c) => errorResponse(c, new GatewayError("not_found")));
  app.onError((error, c) => {
    if (error instanceof GatewayError) {
      if (error.details.rule) deps.metrics.refused(error.details.rule);
      return errorResponse(c, error);
    }
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled gateway error");
    // The cause stays in the log; the caller gets the id that finds it there.
    const requestId = currentRequestId();
    return c.json(
      {
        message: requestId ? `Internal server error (request id ${requestId})` : "Internal server error",
        request_id: requestId ?? null,
      },
      500,
    );
  });
  return app;
}

function errorResponse(c: Context, error: GatewayError): Response {
  const rendered = renderGatewayError(error);
  return c.json(rendered.body, rendered.status, rendered.headers);
}

export type GatewayApp = ReturnType<typeof createGatewayApp>;
