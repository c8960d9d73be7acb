/**
 * What `npm run bench:gateway` sends, scenario by scenario. The gateway and its baseline get the same requests on
 * the same API paths (the baseline answers them at its root, the gateway under `/gateway`), and the same set-up
 * through that API before the timed run, so the two sides differ only in how they handle a request.
 */

export const SCENARIO_NAMES = [
  "tokenization",
  "payment",
  "refund",
  "floor",
  "tokenization-card-limits",
  "payment-write-ahead",
  "refund-write-ahead",
  "tokenization-rules",
  "payment-rules",
  "refund-rules",
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** A server under test: where its API answers and the headers every request carries (credentials). */
export interface Target {
  base: string;
  headers: Record<string, string>;
}

export interface Scenario {
  name: ScenarioName;
  /** The API path the timed requests go to, joined to the target's base. */
  path: string;
  /** Where the baseline answers them, when not at `path` (the floor is a handler of its own). */
  baselinePath?: string;
  /** What the gateway must reach against this baseline: throughput ratio at least, p99 ratio at most. */
  targets: { throughput: number; p99: number };
  /** Set-up on the freshly started server; gives the body of each timed request, one call per request. */
  prepare(target: Target): Promise<() => string>;
}

/**
 * `--scenario all`, or names of SCENARIO_NAMES separated by commas (`payment,payment-write-ahead`): the scenarios to
 * run, in the order given.
 */
export function selectScenarios(option: string): Scenario[] {
  if (option === "all") return SCENARIO_NAMES.map((name) => SCENARIOS[name]);
  return option.split(",").map((name) => {
    if (!(SCENARIO_NAMES as readonly string[]).includes(name)) {
      throw new Error(`--scenario takes all or names of ${SCENARIO_NAMES.join(", ")}; got ${name}`);
    }
    return SCENARIOS[name as ScenarioName];
  });
}

function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

// One sequence for the whole run: every card is new to both servers, so no request is a duplicate of another.
let counter = 0;
/**
 * A new number per request, each of a card family of its own (first 8 and last 4 digits): numbers sharing both
 * are refused after a few, as a guesser's would be. The counter fills digits 2-8 and 13-15, the process id 9-12.
 */
function nextCardNumber(): string {
  counter += 1;
  const digits = String(counter).padStart(10, "0");
  const body = `4${digits.slice(0, 7)}${String(process.pid % 10_000).padStart(4, "0")}${digits.slice(7)}`;
  return body + luhnCheckDigit(body);
}

/**
 * A card request with a card nobody sent before. 19.99 leaves the sandbox acquirer's amount-driven outcomes
 * (declines, errors, slow answers) alone: every payment is approved at once.
 */
export function cardRequestBody(amount = 1999): string {
  return JSON.stringify({
    request: {
      amount,
      currency: "USD",
      description: "Benchmark order",
      tracking_id: `bench-${counter}`,
      credit_card: {
        number: nextCardNumber(),
        verification_value: "123",
        holder: "Bench Mark",
        exp_month: "12",
        exp_year: String(new Date().getUTCFullYear() + 2),
      },
    },
  });
}

async function post(target: Target, path: string, body: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${target.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...target.headers },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** Parents for the refunds: this many payments, each large enough for every refund the run can send it. */
const REFUND_PARENTS = 128;
const PARENT_AMOUNT = 10_000_000;

/**
 * Refund amounts, 1.10 to 1.49: small, so a parent is never used up, and clear of the sandbox's amount-driven
 * outcomes (…05, …51, …91, …96), so the acquirer approves each at once.
 */
export const refundAmount = (index: number) => 110 + (index % 40);

/** `count` paid payments to refund (a multiple of 16), their uids in order. */
export async function createRefundParents(target: Target, count = REFUND_PARENTS): Promise<string[]> {
  const uids: string[] = [];
  // A few at a time: the set-up should not be a load test of its own.
  for (let batch = 0; batch < count; batch += 16) {
    const created = await Promise.all(
      Array.from({ length: 16 }, () =>
        post(target, "/transactions/payments", cardRequestBody(PARENT_AMOUNT)).then(({ status, body }) => {
          const transaction = (body as { transaction?: { uid?: string; status?: string } }).transaction;
          if (status !== 200 || transaction?.status !== "successful" || !transaction.uid) {
            throw new Error(`a refund parent was not paid: ${status} ${JSON.stringify(body)}`);
          }
          return transaction.uid;
        }),
      ),
    );
    uids.push(...created);
  }
  return uids;
}

/** The gateway's three requests, each against the baseline that does the same work in one write. */
const ONE_WRITE = {
  tokenization: {
    name: "tokenization",
    path: "/transactions/tokenizations",
    targets: { throughput: 0.9, p99: 2 },
    prepare: async () => () => cardRequestBody(),
  },
  payment: {
    name: "payment",
    path: "/transactions/payments",
    targets: { throughput: 0.8, p99: 2 },
    prepare: async () => () => cardRequestBody(),
  },
  refund: {
    name: "refund",
    path: "/transactions/refunds",
    targets: { throughput: 0.7, p99: 2 },
    async prepare(target) {
      const parents = await createRefundParents(target);
      let sent = 0;
      // Parents in rotation: concurrent refunds mostly lock different parents, as a shop's refunds do. The
      // duplicate check is off because a parent gets the same amount again within seconds.
      return () => {
        sent += 1;
        return JSON.stringify({
          request: {
            parent_uid: parents[sent % parents.length],
            amount: refundAmount(sent),
            reason: "Benchmark refund",
            duplicate_check: false,
          },
        });
      };
    },
  },
} satisfies Record<"tokenization" | "payment" | "refund", Scenario>;

/** One of the three requests against another of the baseline's handlers; the one-write scenario's targets. */
function against(request: keyof typeof ONE_WRITE, name: ScenarioName, baselinePath: string): Scenario {
  return { ...ONE_WRITE[request], name, baselinePath };
}

export const SCENARIOS: Record<ScenarioName, Scenario> = {
  ...ONE_WRITE,
  // The gateway's tokenization against the least a tokenization can do (bench/baseline-server.ts, `floor`).
  floor: {
    name: "floor",
    path: "/transactions/tokenizations",
    baselinePath: "/floor",
    targets: { throughput: 0.8, p99: 2 },
    prepare: async () => () => cardRequestBody(),
  },
  // The same three requests against a baseline in the steps the gateway's rules require of any implementation,
  // each its own durable commit (bench/baseline-server.ts; docs/decisions.md, "A baseline in the rules' steps"):
  // what the gateway costs beyond them is its own.
  "tokenization-card-limits": against(
    "tokenization",
    "tokenization-card-limits",
    "/card-limits/transactions/tokenizations",
  ),
  "payment-write-ahead": against("payment", "payment-write-ahead", "/write-ahead/transactions/payments"),
  "refund-write-ahead": against("refund", "refund-write-ahead", "/write-ahead/transactions/refunds"),
  // The three requests against a baseline with every rule the gateway applies to them by default — the card
  // limits, the duplicate check, the write ahead — in the fewest statements those rules allow, each prepared as the
  // gateway's are (bench/baseline-server.ts, `/rules/…`).
  "tokenization-rules": against("tokenization", "tokenization-rules", "/rules/transactions/tokenizations"),
  "payment-rules": against("payment", "payment-rules", "/rules/transactions/payments"),
  "refund-rules": against("refund", "refund-rules", "/rules/transactions/refunds"),
};
