import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Frame, FrameLocator, Page } from "@playwright/test";
import {
  basicAuth,
  createSession,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  expect,
  futureExpiry,
  merchantUrls,
  test,
} from "./checkout-fixtures";

/**
 * The payment page embedded in a merchant's own page, served from another local origin: with Tessera's widget
 * script (inline and overlay), and with beGateway's public widget (begateway-js, loaded at test time from a fetched
 * copy of its repository, never from this one). Framing is the shop's decision (`frame_ancestors`); the page's and
 * the script's messages are checked by origin both ways.
 */

/** Where a fetched copy of github.com/begateway/begateway-js may be (a git directory); BEGATEWAY_JS_DIR overrides. */
const BEGATEWAY_GIT_DIRS = [process.env.BEGATEWAY_JS_DIR, "/work/.mirror/begateway+begateway-js/repo"].filter(
  (dir): dir is string => Boolean(dir),
);

/** begateway-js's bundle (jQuery, jQuery UI and its widget), read from the fetched copy; null when there is none. */
function beGatewayBundle(): string | null {
  for (const dir of BEGATEWAY_GIT_DIRS) {
    if (!fs.existsSync(dir)) continue;
    try {
      const names = execFileSync("git", ["--git-dir", dir, "ls-tree", "--name-only", "HEAD"], {
        encoding: "utf8",
      });
      const bundle = names.split("\n").find((name) => /^begateway-[\d.]+\.min\.js$/.test(name));
      if (!bundle) continue;
      return execFileSync("git", ["--git-dir", dir, "show", `HEAD:${bundle}`], {
        encoding: "utf8",
        maxBuffer: 8 * 1024 * 1024,
      });
    } catch {}
  }
  return null;
}

interface MerchantSite {
  origin: string;
  /** Requests the page's callbacks reported (`navigator.sendBeacon("/callback?…")`). */
  callbacks: URL[];
  close(): Promise<void>;
}

function html(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Harbour shop</h1>${body}</body></html>`;
}

/** A merchant's pages on a local origin of their own. `checkout` is the payment page's origin. */
async function startMerchantSite(checkout: string, beGateway: string | null): Promise<MerchantSite> {
  const callbacks: URL[] = [];
  const tessera = (call: string) =>
    html(`<div id="pay"></div><button id="open" type="button">Pay now</button>
<script src="${checkout}/widget/tessera.js"></script>
<script>
  var params = new URLSearchParams(location.search);
  function report(name) {
    return function (result) {
      navigator.sendBeacon("/callback?name=" + name + "&status=" + encodeURIComponent((result && result.status) || ""));
    };
  }
  var options = {
    token: params.get("token"),
    style: {
      color: "#123456",
      "button-color": "#0a5c36",
      "font-family": "Georgia",
      "border-radius": "4px",
      "background-image": "url(/x.png)",
    },
    onSuccess: report("success"), onDecline: report("decline"), onClose: report("close"),
    onResize: function (height) { window.lastHeight = height; }
  };
  // Counts the forged messages that reached this page (the widget script must ignore them).
  window.forged = 0;
  window.addEventListener("message", function (event) { if (event.data && event.data.forged) window.forged += 1; });
  ${call}
</script>`);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://merchant.test");
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      response.end(body);
    };
    if (url.pathname === "/callback") {
      callbacks.push(url);
      return send(204, "text/plain", "");
    }
    if (url.pathname === "/inline")
      return send(200, "text/html", tessera('Tessera.inline("#pay", options);'));
    if (url.pathname === "/overlay") {
      return send(
        200,
        "text/html",
        tessera('document.getElementById("open").onclick = function () { Tessera.overlay(options); };'),
      );
    }
    if (url.pathname === "/begateway.js" && beGateway) return send(200, "text/javascript", beGateway);
    if (url.pathname === "/begateway") {
      const type = url.searchParams.get("type") === "overlay" ? "overlay" : "inline";
      const widgetUrl = url.searchParams.get("url") ?? "";
      return send(
        200,
        "text/html",
        html(`<div id="paymentForm"></div><a href="#" id="paymentLink">Buy it</a>
<script src="/begateway.js"></script>
<script>
  new BeGateway({ type: ${JSON.stringify(type)}, id: ${JSON.stringify(type === "inline" ? "paymentForm" : "paymentLink")},
    url: ${JSON.stringify(widgetUrl)}, style: "" }).buildForm();
</script>`),
      );
    }
    if (url.pathname === "/forger") {
      // Another origin's page, framed by the merchant's page: it pretends to be the payment page, and sends the
      // payment page a style, both of which must be ignored.
      return send(
        200,
        "text/html",
        html(`<script>
  parent.postMessage({ forged: true, url: "https://evil.example/", tessera: { type: "result", status: "successful", url: "https://evil.example/" } }, "*");
  for (var i = 0; i < parent.frames.length; i++) parent.frames[i].postMessage({ css: { color: "#ff0000" } }, "*");
</script>`),
      );
    }
    return send(200, "text/html", html(`<p>Merchant ${url.pathname}</p>`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    callbacks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function setFrameAncestors(request: APIRequestContext, origins: string[]) {
  const response = await request.patch("/gateway/shop", {
    headers: { authorization: basicAuth(DEMO_SHOP_2) },
    data: { settings: { frame_ancestors: origins } },
  });
  expect(response.status()).toBe(200);
  // Shop settings reach every instance within seconds (each caches a shop briefly).
  const probe = await createSession(request, { shop: DEMO_SHOP_2 });
  await expect(async () => {
    const csp = (await request.get(`/checkout/${probe.token}`)).headers()["content-security-policy"];
    expect(csp).toContain(
      origins.length > 0 ? `frame-ancestors ${origins.join(" ")}` : "frame-ancestors 'none'",
    );
  }).toPass({ timeout: 15_000 });
}

async function payWithChallenge(frame: FrameLocator): Promise<void> {
  await frame.getByLabel("Card number").fill("4012000000001097");
  await frame.getByLabel("Expiry date").fill(futureExpiry());
  await frame.getByLabel("Security code").fill("123");
  await frame.getByRole("button", { name: /^Pay / }).click();
  await expect(frame.getByRole("heading", { name: "Confirm it's you" })).toBeVisible({ timeout: 20_000 });
  const notice = await frame.getByText(/Test mode: your code is \d+/).innerText();
  await frame.getByLabel("One-time code").fill(/(\d+)/.exec(notice)?.[1] ?? "");
  await frame.getByRole("button", { name: "Confirm" }).click();
}

function paymentFrame(page: Page): Frame | undefined {
  return page.frames().find((frame) => frame.url().includes("/checkout/"));
}

/** A theme variable of the framed payment page, as its stylesheet resolves it. */
async function cssVariable(page: Page, name: string): Promise<string | undefined> {
  return paymentFrame(page)?.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );
}

let site: MerchantSite;
const bundle = beGatewayBundle();

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ baseURL }) => {
  site = await startMerchantSite(new URL(baseURL ?? "").origin, bundle);
});

test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await setFrameAncestors(request, []);
  await request.dispose();
  await site.close();
});

test("Tessera.inline: a 3-D Secure purchase in the merchant's page ends with its callback and the top window at the session's URL", async ({
  page,
  request,
  merchant,
}) => {
  test.setTimeout(120_000);
  await setFrameAncestors(request, [site.origin]);
  const session = await createSession(request, {
    shop: DEMO_SHOP_2,
    transactionType: "payment",
    currency: "EUR",
    settings: merchantUrls(merchant),
  });
  await page.goto(`${site.origin}/inline?token=${session.token}`);
  const frame = page.frameLocator("#pay iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();

  // The parent's style, through the allow-list only: the colour and font, never the background image.
  await expect.poll(() => cssVariable(page, "--fg")).toBe("#123456");
  expect(await cssVariable(page, "--font")).toBe("Georgia");
  // The button colour too: the page's own (or the shop's) colour is only the fallback of the frame's.
  await expect(frame.getByRole("button", { name: /^Pay / })).toHaveCSS("background-color", "rgb(10, 92, 54)");
  expect(await paymentFrame(page)?.evaluate(() => document.documentElement.style.cssText)).not.toContain(
    "url(",
  );
  // The frame grows with its content: no inner scroll bar.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { lastHeight?: number }).lastHeight ?? 0))
    .toBeGreaterThan(300);
  const sizes = await paymentFrame(page)?.evaluate(() => ({
    scroll: document.documentElement.scrollHeight,
    client: document.documentElement.clientHeight,
  }));
  expect((sizes?.scroll ?? 0) - (sizes?.client ?? 0)).toBeLessThanOrEqual(1);

  await payWithChallenge(frame);
  await page.waitForURL(`${merchant.origin}/success**`, { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get("status")).toBe("successful");
  await expect.poll(() => site.callbacks.map((url) => url.searchParams.get("name"))).toContain("success");
  expect(
    site.callbacks.find((url) => url.searchParams.get("name") === "success")?.searchParams.get("status"),
  ).toBe("successful");
});

test("Tessera.overlay: a modal dialog that Escape closes, and a purchase in it ends at the session's URL", async ({
  page,
  request,
  merchant,
}) => {
  test.setTimeout(120_000);
  await setFrameAncestors(request, [site.origin]);
  const session = await createSession(request, {
    shop: DEMO_SHOP_2,
    transactionType: "payment",
    currency: "EUR",
    settings: merchantUrls(merchant),
  });
  await page.goto(`${site.origin}/overlay?token=${session.token}`);
  await page.getByRole("button", { name: "Pay now" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(
    page.frameLocator("dialog iframe").getByRole("heading", { level: 1, name: "Payment" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => site.callbacks.map((url) => url.searchParams.get("name"))).toContain("close");

  await page.getByRole("button", { name: "Pay now" }).click();
  await payWithChallenge(page.frameLocator("dialog iframe"));
  await page.waitForURL(`${merchant.origin}/success**`, { timeout: 30_000 });
});

test("Tessera.overlay: focus stays in the dialog while it is open, and on a narrow screen it is a full page", async ({
  page,
  request,
}) => {
  await setFrameAncestors(request, [site.origin]);
  const session = await createSession(request, { shop: DEMO_SHOP_2, transactionType: "payment" });
  await page.goto(`${site.origin}/overlay?token=${session.token}`);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(
    page.frameLocator("dialog iframe").getByRole("heading", { level: 1, name: "Payment" }),
  ).toBeVisible();
  // Tab through the page in the dialog again and again: focus never reaches the merchant's page behind it (a
  // modal dialog makes the rest inert), and comes round to the page's first control again.
  let rounds = 0;
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press("Tab");
    const outside = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body || document.querySelector("dialog")?.contains(active))
        return null;
      return active.outerHTML.slice(0, 60);
    });
    expect(outside, `after ${step + 1} tabs`).toBeNull();
    const inFrame = await paymentFrame(page)?.evaluate(() => document.activeElement?.id);
    if (inFrame === "checkout-language") rounds += 1;
  }
  expect(rounds, "focus came round to the page's first control").toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("button", { name: "Pay now" })).not.toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A phone: the overlay is the whole screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(
    page.frameLocator("dialog iframe").getByRole("heading", { level: 1, name: "Payment" }),
  ).toBeVisible();
  expect(await page.getByRole("dialog").boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
  expect(
    await paymentFrame(page)?.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
});

test("Tessera.inline: a declined card ends with onDecline and the top window at the session's decline URL", async ({
  page,
  request,
  merchant,
}) => {
  await setFrameAncestors(request, [site.origin]);
  const session = await createSession(request, {
    shop: DEMO_SHOP_2,
    transactionType: "payment",
    currency: "EUR",
    settings: merchantUrls(merchant),
  });
  const before = site.callbacks.length;
  await page.goto(`${site.origin}/inline?token=${session.token}`);
  const frame = page.frameLocator("#pay iframe");
  await frame.getByLabel("Card number").fill("4005550000000019");
  await frame.getByLabel("Expiry date").fill(futureExpiry());
  await frame.getByLabel("Security code").fill("123");
  await frame.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(`${merchant.origin}/decline**`, { timeout: 30_000 });
  // onDecline alone, with the outcome.
  await expect
    .poll(() =>
      site.callbacks
        .slice(before)
        .map((url) => `${url.searchParams.get("name")}:${url.searchParams.get("status")}`),
    )
    .toEqual(["decline:declined"]);
});

test("messages from any other origin are ignored, both by the widget script and by the page", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await setFrameAncestors(request, [site.origin]);
  const session = await createSession(request, { shop: DEMO_SHOP_2, settings: { language: "en" } });
  await page.goto(`${site.origin}/inline?token=${session.token}`);
  const frame = page.frameLocator("#pay iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect.poll(() => cssVariable(page, "--fg")).toBe("#123456");

  // A frame of another origin (127.0.0.1's other name) posts a forged result and a style.
  const forger = site.origin.replace("127.0.0.1", "localhost");
  const before = site.callbacks.length;
  await page.evaluate((src) => {
    const other = document.createElement("iframe");
    other.src = src;
    document.body.appendChild(other);
  }, `${forger}/forger`);
  await expect.poll(() => page.frames().some((candidate) => candidate.url().includes("/forger"))).toBe(true);
  await expect.poll(() => page.evaluate(() => (window as unknown as { forged: number }).forged)).toBe(1);
  await page.waitForTimeout(1_000);
  expect(page.url()).toContain(`${site.origin}/inline`);
  expect(site.callbacks).toHaveLength(before);
  expect(
    await paymentFrame(page)?.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--fg").trim(),
    ),
  ).toBe("#123456");
});

test("a shop whose allow-list lacks the merchant's origin is not framed", async ({ page, request }) => {
  const session = await createSession(request, { shop: DEMO_SHOP_1 });
  await page.goto(`${site.origin}/inline?token=${session.token}`);
  await expect(page.locator("#pay iframe")).toBeAttached();
  await page.waitForTimeout(1_500);
  await expect(
    page.frameLocator("#pay iframe").getByRole("heading", { level: 1, name: "Payment" }),
  ).toHaveCount(0);
});

test("begateway-js from a merchant page on another origin: inline and overlay work unchanged", async ({
  page,
  request,
  merchant,
}) => {
  test.skip(
    bundle === null,
    "begateway-js is not on this machine: fetch github.com/begateway/begateway-js (or set BEGATEWAY_JS_DIR to its git directory) to run this test",
  );
  test.setTimeout(150_000);
  // The widget's telemetry host is not contacted from a test.
  await page.route(/sentry/, (route) => route.abort());
  await setFrameAncestors(request, [site.origin]);

  const inline = await createSession(request, {
    shop: DEMO_SHOP_2,
    transactionType: "payment",
    currency: "EUR",
    settings: merchantUrls(merchant),
  });
  expect(inline.redirectUrl).toMatch(/\/widget\/hpp\.html\?token=[0-9a-f]{64}$/);
  await page.goto(`${site.origin}/begateway?type=inline&url=${encodeURIComponent(inline.redirectUrl)}`);
  const inlineFrame = page.frameLocator("#beGatewayForm iframe");
  await expect(inlineFrame.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible({
    timeout: 20_000,
  });
  // The widget's default frame, 320 × 480: nothing scrolls sideways.
  const frameBox = await page.locator("#beGatewayForm iframe").boundingBox();
  expect(frameBox?.width).toBe(320);
  expect(
    await paymentFrame(page)?.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await payWithChallenge(inlineFrame);
  await page.waitForURL(`${merchant.origin}/success**`, { timeout: 30_000 });

  // Overlay mode expects beGateway's older `/checkout?token=` address (it finds its stylesheet beside it).
  const overlay = await createSession(request, {
    shop: DEMO_SHOP_2,
    transactionType: "payment",
    currency: "EUR",
    settings: merchantUrls(merchant),
  });
  const overlayUrl = new URL(`/checkout?token=${overlay.token}`, overlay.redirectUrl).href;
  await page.goto(`${site.origin}/begateway?type=overlay&url=${encodeURIComponent(overlayUrl)}`);
  await page.getByRole("link", { name: "Buy it" }).click();
  const overlayFrame = page.frameLocator("#dialogWindowBeGateway iframe");
  await expect(overlayFrame.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible({
    timeout: 20_000,
  });
  await payWithChallenge(overlayFrame);
  await page.waitForURL(`${merchant.origin}/success**`, { timeout: 30_000 });
});
