import { Hono } from "hono";
import { observeRequests } from "@/lib/gateway/http/observe-requests";
import { GatewayMetrics } from "@/lib/gateway/observability/metrics";
import { accessLogger, createLogger } from "@/lib/server/log";

/**
 * `npx tsx bench/request-observation.ts`: what the gateway's request observation (request id, AsyncLocalStorage,
 * route-labelled counter and histogram) adds to each request, in CPU microseconds, measured in-process on a route
 * that does nothing else, with and without it, alternating rounds. CPU time, not wall time: on a shared machine the
 * wall clock measures the neighbours. The access log line (with its request id) is written in both.
 */
const REQUESTS = 20_000;
const ROUNDS = 5;

function app(observe: boolean): Hono {
  const logger = createLogger({ level: "info", destination: { write: () => {} } });
  const access = accessLogger(logger);
  const hono = new Hono().basePath("/gateway");
  if (observe) hono.use(observeRequests(new GatewayMetrics()));
  hono.use(async (c, next) => {
    await next();
    access.info({ method: c.req.method, path: c.req.path, status: c.res.status }, "request");
  });
  hono.get("/transactions/:uid", (c) => c.json({ uid: c.req.param("uid") }));
  return hono;
}

async function cpuPerRequest(hono: Hono): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const response = await hono.request(`/gateway/transactions/${i}`);
    await response.arrayBuffer();
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REQUESTS;
}

const plain = app(false);
const observed = app(true);
await cpuPerRequest(plain);
await cpuPerRequest(observed);
const without: number[] = [];
const withObservation: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  without.push(await cpuPerRequest(plain));
  withObservation.push(await cpuPerRequest(observed));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const a = median(without);
const b = median(withObservation);
console.log(
  `without observation ${a.toFixed(1)} µs CPU/request, with ${b.toFixed(1)} µs: +${(b - a).toFixed(1)} µs`,
);
