import type { Acquirer } from "../acquirer/acquirer";
import type { GatewayMetrics } from "./metrics";
import { tracingEnabled, withSpan } from "./tracing";

type Operation = Exclude<keyof Acquirer, "pollDisputeEvents">;
// Every operation of the interface, or the type check fails: an operation left out would be missing at run time.
const OPERATIONS = Object.keys({
  verify: true,
  authorize: true,
  capture: true,
  void: true,
  refund: true,
  credit: true,
} satisfies Record<Operation, true>) as Operation[];

/** What every answer has: its status, counted as the call's outcome. */
type Answer = { status: string };

/**
 * The acquirer as the gateway calls it, each call counted and timed by operation and outcome (and a span when
 * tracing is on, with the amount and currency: never the card, nor the acquirer's references).
 */
export function instrumentAcquirer(acquirer: Acquirer, metrics: GatewayMetrics): Acquirer {
  const observed = {} as Record<Operation, (request: never) => Promise<Answer>>;
  for (const operation of OPERATIONS) {
    const call = (acquirer[operation] as (request: unknown) => Promise<Answer>).bind(acquirer);
    const counted = async (request: { amount: number; currency: string }) => {
      const started = performance.now();
      let outcome = "exception";
      try {
        const answer = await call(request);
        outcome = answer.status;
        return answer;
      } finally {
        metrics.acquirerCall(operation, outcome, (performance.now() - started) / 1000);
      }
    };
    // Without tracing, the call is only counted: no span's attributes or closure are made for it.
    observed[operation] = (request: { amount: number; currency: string }) =>
      tracingEnabled()
        ? withSpan(
            `acquirer ${operation}`,
            {
              "tessera.acquirer.operation": operation,
              "tessera.amount": request.amount,
              "tessera.currency": request.currency,
            },
            () => counted(request),
          )
        : counted(request);
  }
  // Reading the dispute feed moves no money: passed through as it is.
  const poll = acquirer.pollDisputeEvents?.bind(acquirer);
  return { ...(observed as unknown as Acquirer), ...(poll ? { pollDisputeEvents: poll } : {}) };
}
