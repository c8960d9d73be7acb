import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import lighthouse from "lighthouse";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";

/**
 * `npm run bench:page [-- --runs 5]`
 * The hosted payment page against DESIGN §5: first-load JavaScript (gzip) of /checkout/[token] next to a bare page
 * of the same production build (Next's own not-found page: the root layout and the framework, nothing of ours),
 * and LCP and CLS measured in Chromium with PerformanceObserver; then Lighthouse's accessibility score of the payment
 * page, the issuer's 3-D Secure challenge page and the admin sign-in page. The payment page's first-load JS is
 * also measured in Arabic and Japanese, against English (only the page's own language may reach the browser). Builds the app first when it is out of
 * date (through scripts/start.ts), on a fresh embedded database.
 */
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
const root = path.resolve(import.meta.dirname, "..");
const port = 3900 + (process.pid % 90);
const origin = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-bench-page-"));

// The payment page, its card-brand marks included, within 30 KB gzip of a bare Next.js page.
const TARGET_EXTRA_JS_KB = 30;
const TARGET_LCP_MS = 1000;
/** Only the page's language reaches the browser: another language may add at most this much first-load JS. */
const TARGET_LANGUAGE_EXTRA_JS_KB = 3;
const TARGET_ACCESSIBILITY_SCORE = 100;
// Lighthouse drives the same Chromium through its DevTools port.
const debuggingPort = 9300 + (process.pid % 90);

/** POSTs JSON to the gateway as a demo shop; the parsed answer, or an error when the status is not `expected`. */
async function postAsDemoShop(
  shop: (typeof DEMO_SHOPS)[number],
  path: string,
  body: unknown,
  expected: number,
): Promise<Record<string, { redirect_url: string }>> {
  const response = await fetch(`${origin}/gateway${path}`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${shop.id}:${shop.secretKey}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A 3-D Secure transaction of demo shop 2 waiting on the shopper: its issuer page asks for the one-time code. */
async function createChallenge(): Promise<string> {
  const answer = await postAsDemoShop(
    DEMO_SHOPS[1],
    "/transactions/tokenizations",
    {
      request: {
        amount: 1290,
        currency: "EUR",
        description: "Benchmark order",
        duplicate_check: false,
        return_url: `${origin}/`,
        credit_card: {
          number: "4012000000001097",
          exp_month: "12",
          exp_year: "2035",
          verification_value: "123",
        },
      },
    },
    200,
  );
  return answer.transaction.redirect_url;
}

interface AccessibilityAudit {
  score: number;
  failing: string[];
}

/** Lighthouse's accessibility category for `url`: its score (0–100) and the audits that did not pass. */
async function accessibility(url: string): Promise<AccessibilityAudit> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    onlyCategories: ["accessibility"],
    logLevel: "error",
    output: "json",
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const failing = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);
  return { score: Math.round((categories.accessibility.score ?? 0) * 100), failing };
}

function startServer(): Promise<ChildProcess> {
  // Node itself, not an npx wrapper, so that the SIGTERM at the end reaches the server.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: origin },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Tessera is running")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function createCheckout(language = "en"): Promise<string> {
  const answer = await postAsDemoShop(
    DEMO_SHOPS[0],
    "/ctp/api/checkouts",
    {
      checkout: {
        transaction_type: "tokenization",
        test: true,
        order: { amount: 1290, currency: "EUR", description: "Benchmark order" },
        settings: { language, customer_fields: { visible: ["email", "country"], read_only: [] } },
      },
    },
    201,
  );
  return answer.checkout.redirect_url;
}

interface Load {
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** Scripts fetched after the interaction (the form's rules, loaded on first focus). */
  laterGzipBytes: number;
  lcpMs: number;
  cls: number;
}

/** Collects LCP and layout shifts from the first paint on, as the web-vitals library does. */
const OBSERVERS = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
`;

async function load(browser: Browser, url: string, interact?: (page: Page) => Promise<void>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  const bodies: Promise<Buffer>[] = [];
  let later: Promise<Buffer>[] | null = null;
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") (later ?? bodies).push(response.body());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  if (interact) {
    later = [];
    await interact(page);
  }
  // LCP is final once the page has been idle for a moment (no input that would stop it).
  await page.waitForTimeout(500);
  const vitals = (await page.evaluate("window.__vitals")) as { lcp: number; cls: number };
  const scripts = await Promise.all(bodies);
  const laterScripts = await Promise.all(later ?? []);
  await context.close();
  return {
    scripts: scripts.length,
    jsBytes: scripts.reduce((sum, body) => sum + body.length, 0),
    jsGzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    laterGzipBytes: laterScripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    lcpMs: vitals.lcp,
    cls: vitals.cls,
  };
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function typeACard(page: Page): Promise<void> {
  await page.getByLabel("Card number").fill("4200000000000000");
  await page.getByLabel("Expiry date").fill("12/30");
  // An invalid submission: the error summary appears after input, which CLS must not count against the page.
  await page.getByRole("button", { name: /^(Pay |Save card$)/ }).click();
}

const server = await startServer();
let browser: Browser | undefined;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${debuggingPort}`],
  });
  // A first load of each route warms the server (route modules are loaded on first use) and is not counted.
  await load(browser, `${origin}/bench-bare-page-warm-up`);
  await load(browser, await createCheckout());
  const bare = await load(browser, `${origin}/bench-bare-page-${Date.now()}`);
  const checkoutLoads: Load[] = [];
  const interactedLoads: Load[] = [];
  for (let run = 0; run < runs; run++) {
    checkoutLoads.push(await load(browser, await createCheckout()));
    interactedLoads.push(await load(browser, await createCheckout(), typeACard));
  }
  const checkout = checkoutLoads[0];
  const languages = {
    en: checkout,
    ar: await load(browser, await createCheckout("ar")),
    ja: await load(browser, await createCheckout("ja")),
  };
  const extra = checkout.jsGzipBytes - bare.jsGzipBytes;
  const lcp = median(checkoutLoads.map((entry) => entry.lcpMs));
  const cls = Math.max(...checkoutLoads.map((entry) => entry.cls));
  const clsTyped = Math.max(...interactedLoads.map((entry) => entry.cls));

  console.log(`Hosted payment page, production build, Chromium, ${runs} loads (localhost)\n`);
  console.table({
    "bare page (Next's not-found)": {
      scripts: bare.scripts,
      "JS raw": kb(bare.jsBytes),
      "JS gzip": kb(bare.jsGzipBytes),
    },
    "/checkout/[token]": {
      scripts: checkout.scripts,
      "JS raw": kb(checkout.jsBytes),
      "JS gzip": kb(checkout.jsGzipBytes),
    },
  });
  const verdict = (ok: boolean) => (ok ? "meets target" : "MISSES target");
  for (const [language, loaded] of Object.entries(languages)) {
    const more = loaded.jsGzipBytes - languages.en.jsGzipBytes;
    console.log(
      `first-load JS of the payment page in ${language}: ${kb(loaded.jsGzipBytes)} gzip (${loaded.scripts} scripts), ` +
        `${kb(more)} over en  (target <= ${TARGET_LANGUAGE_EXTRA_JS_KB} KB: ${verdict(more <= TARGET_LANGUAGE_EXTRA_JS_KB * 1024)})`,
    );
  }
  console.log(
    `first-load JS over the bare page: ${kb(extra)} gzip  (target <= ${TARGET_EXTRA_JS_KB} KB: ${verdict(extra <= TARGET_EXTRA_JS_KB * 1024)})`,
  );
  console.log(
    `LCP median: ${lcp.toFixed(0)} ms  (target < ${TARGET_LCP_MS} ms: ${verdict(lcp < TARGET_LCP_MS)}); ` +
      `runs: ${checkoutLoads.map((entry) => entry.lcpMs.toFixed(0)).join(", ")}`,
  );
  console.log(
    `loaded on the shopper's first focus on the form (its validation rules): ${kb(interactedLoads[0].laterGzipBytes)} gzip`,
  );
  console.log(`CLS worst on load: ${cls.toFixed(4)}  (target 0: ${verdict(cls === 0)})`);
  console.log(`CLS worst after typing and an invalid submit: ${clsTyped.toFixed(4)}`);

  const audited = {
    "payment page": await createCheckout(),
    "3-D Secure challenge page": await createChallenge(),
    "admin sign-in": `${origin}/admin/sign-in`,
  };
  for (const [name, url] of Object.entries(audited)) {
    const { score, failing } = await accessibility(url);
    const failed = failing.length > 0 ? `; failing: ${failing.join(", ")}` : "";
    console.log(
      `Lighthouse accessibility, ${name}: ${score}  (target ${TARGET_ACCESSIBILITY_SCORE}: ${verdict(score >= TARGET_ACCESSIBILITY_SCORE)})${failed}`,
    );
  }
} finally {
  await browser?.close();
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
