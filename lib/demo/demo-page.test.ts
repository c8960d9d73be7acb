import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The demo at `/` as a production start serves it: the page and its server action read the process's configuration
 * once, so each case loads them afresh under its own environment.
 */
async function loadDemo(env: Record<string, string>) {
  vi.resetModules();
  const page = await import("@/app/page");
  const action = await import("@/app/demo/demo-checkout");
  const result = await import("@/app/demo/result/page");
  // Set once React is loaded (a production NODE_ENV would load its production build, without the dev JSX runtime
  // the test's transform uses); the configuration is read at the first render.
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const html = renderToStaticMarkup(await page.default({ searchParams: Promise.resolve({}) }));
  return { html, action: action.startDemoCheckout, resultPage: result.default };
}

/** Where a server action redirected (Next throws the redirect), or null when it returned. */
async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return digest.split(";")[2];
  }
}

const shopChoice = () => {
  const form = new FormData();
  form.set("shop", "1");
  return form;
};

// Nothing listens here: an action that does try the gateway is told it is unavailable.
const UNREACHABLE_GATEWAY = "http://127.0.0.1:9/gateway";

describe("the demo shop at /", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is not served in production: no published key, no Pay button, and the action refuses", async () => {
    const demo = await loadDemo({
      NODE_ENV: "production",
      MASTER_KEY: "ab".repeat(32),
      GATEWAY_BASE_URL: UNREACHABLE_GATEWAY,
    });
    expect(demo.html).toContain("does not run the demo shop");
    // And why, with the setting that changes it.
    expect(demo.html).toContain(
      "a production start (NODE_ENV=production) serves the demo only when its operator sets DEMO_SHOPS=true",
    );
    expect(demo.html).not.toContain("demo_secret_key");
    expect(demo.html).not.toContain("<form");
    // Refused before any call to the gateway: straight back to the home page.
    expect(await redirectOf(() => demo.action(shopChoice()))).toBe("/");
    await expect(
      redirectOf(() => demo.resultPage({ searchParams: Promise.resolve({}) })),
    ).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;404/) });
  });

  it("is served in production with DEMO_SHOPS=true, and in development", async () => {
    const starts: Record<string, string>[] = [
      { NODE_ENV: "production", MASTER_KEY: "ab".repeat(32), DEMO_SHOPS: "true" },
      { NODE_ENV: "development" },
    ];
    for (const env of starts) {
      const demo = await loadDemo({ ...env, GATEWAY_BASE_URL: UNREACHABLE_GATEWAY });
      expect(demo.html).toContain("demo_secret_key_shop_1_without_3ds");
      expect(demo.html).toContain("<form");
      // The action does go to the gateway (which is not there).
      expect(await redirectOf(() => demo.action(shopChoice()))).toBe("/?checkout=unavailable");
    }
  });
});
