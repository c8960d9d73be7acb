import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadKeysCommandConfig, pinModeSettings } from "./config";

/** The problems a ConfigError lists for `env`, or fails the test when it loads. */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("starts with the documented defaults from an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      gatewayBaseUrl: "http://127.0.0.1:3000/gateway",
      databaseUrl: null,
      masterKey: null,
      allowPrivateUrls: true,
      trustedProxies: [],
      logLevel: "info",
      threeDSecureTtlSeconds: 1800,
    });
  });

  describe("PORT", () => {
    it.each(["abc", "3000x", "-1", "65536", "80.5"])("names the variable when it is %j", (value) => {
      const problems = problemsOf({ PORT: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^PORT /);
    });

    it("puts every problem in the error's message, one per variable", () => {
      const error = (() => {
        try {
          loadConfig({ PORT: "abc", LOG_LEVEL: "loud" });
        } catch (caught) {
          return caught as Error;
        }
        throw new Error("loadConfig accepted a bad PORT");
      })();
      expect(error.name).toBe("ConfigError");
      expect(error.message).toContain("Invalid configuration:");
      expect(error.message).toMatch(/- PORT /);
      expect(error.message).toMatch(/- LOG_LEVEL /);
    });

    it("builds the default URLs from the port", () => {
      expect(loadConfig({ PORT: "8080" })).toMatchObject({
        port: 8080,
        publicUrl: "http://localhost:8080",
        gatewayBaseUrl: "http://127.0.0.1:8080/gateway",
      });
    });
  });

  describe("empty strings", () => {
    it("count as unset, so the defaults apply", () => {
      const config = loadConfig({
        NODE_ENV: "",
        PORT: "",
        HOST: "",
        PUBLIC_URL: "",
        DATABASE_URL: "",
        MASTER_KEY: "",
        ALLOW_PRIVATE_URLS: "",
        TRUSTED_PROXIES: "",
        LOG_LEVEL: "",
        THREE_D_SECURE_TTL_SECONDS: "",
      });
      expect(config).toEqual(loadConfig({}));
    });

    it("do not make production allow private URLs", () => {
      expect(loadConfig({ NODE_ENV: "production", ALLOW_PRIVATE_URLS: "" }).allowPrivateUrls).toBe(false);
    });
  });

  describe("THREE_D_SECURE_TTL_SECONDS", () => {
    it("defaults to 1800", () => {
      expect(loadConfig({}).threeDSecureTtlSeconds).toBe(1800);
    });

    it.each([
      ["60", 60],
      ["900", 900],
      ["86400", 86_400],
    ])("accepts %s", (value, seconds) => {
      expect(loadConfig({ THREE_D_SECURE_TTL_SECONDS: value }).threeDSecureTtlSeconds).toBe(seconds);
    });

    it.each(["59", "0", "86401", "-60", "90.5", "half an hour"])(
      "refuses %j, naming the variable",
      (value) => {
        const problems = problemsOf({ THREE_D_SECURE_TTL_SECONDS: value });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(/^THREE_D_SECURE_TTL_SECONDS /);
      },
    );
  });

  describe("DEMO_SHOPS", () => {
    it("defaults to true outside production and false in production", () => {
      expect(loadConfig({}).demoShops).toBe(true);
      expect(loadConfig({ NODE_ENV: "test" }).demoShops).toBe(true);
      expect(loadConfig({ NODE_ENV: "production" }).demoShops).toBe(false);
    });

    it("lets the operator choose either way", () => {
      expect(loadConfig({ NODE_ENV: "production", DEMO_SHOPS: "true" }).demoShops).toBe(true);
      expect(loadConfig({ NODE_ENV: "development", DEMO_SHOPS: "false" }).demoShops).toBe(false);
      expect(problemsOf({ DEMO_SHOPS: "maybe" })[0]).toMatch(/^DEMO_SHOPS /);
    });

    it("is read alike after Next sets NODE_ENV=production in the process, once pinned", () => {
      const env: Record<string, string | undefined> = {};
      const server = loadConfig(env, { terminal: true });
      pinModeSettings(server, env);
      // What Next's router server does for a production build, before the app's own copy reads the settings.
      env.NODE_ENV = "production";
      expect(loadConfig(env, { terminal: false })).toMatchObject({
        demoShops: true,
        allowPrivateUrls: true,
        allowHttpUrls: true,
        logFormat: "pretty",
      });
      // Unpinned, the app's copy decided otherwise: the default start's demo shops existed and `/` had no demo.
      expect(loadConfig({ NODE_ENV: "production" }).demoShops).toBe(false);
    });

    it("keeps production's decisions when pinned in production", () => {
      const env: Record<string, string | undefined> = { NODE_ENV: "production" };
      pinModeSettings(loadConfig(env), env);
      expect(loadConfig(env)).toMatchObject({ demoShops: false, allowPrivateUrls: false, logFormat: "json" });
    });
  });

  describe("ALLOW_HTTP_URLS", () => {
    it("defaults to whatever ALLOW_PRIVATE_URLS is: false only in production", () => {
      expect(loadConfig({}).allowHttpUrls).toBe(true);
      expect(loadConfig({ NODE_ENV: "production" }).allowHttpUrls).toBe(false);
      expect(loadConfig({ NODE_ENV: "production", ALLOW_PRIVATE_URLS: "true" }).allowHttpUrls).toBe(true);
    });

    it("is set on its own", () => {
      expect(loadConfig({ NODE_ENV: "production", ALLOW_HTTP_URLS: "true" })).toMatchObject({
        allowHttpUrls: true,
        allowPrivateUrls: false,
      });
      expect(loadConfig({ ALLOW_HTTP_URLS: "false" }).allowHttpUrls).toBe(false);
    });
  });

  describe("shopper e-mails", () => {
    it("keep messages in the database without SMTP_URL, and send from the public host", () => {
      expect(loadConfig({ PUBLIC_URL: "https://pay.example.com" })).toMatchObject({
        smtpUrl: null,
        emailFrom: "receipts@pay.example.com",
      });
    });

    it("take smtp:// and smtps:// URLs and a From address", () => {
      const config = loadConfig({
        SMTP_URL: "smtps://user:secret@mail.example.com:465",
        EMAIL_FROM: "Acme <a@b.c>",
      });
      expect(config).toMatchObject({
        smtpUrl: "smtps://user:secret@mail.example.com:465",
        emailFrom: "Acme <a@b.c>",
      });
    });

    it.each(["http://mail.example.com", "mail.example.com:587", "smtp://"])("refuse SMTP_URL %s", (value) => {
      expect(() => loadConfig({ SMTP_URL: value })).toThrow(
        /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    });
  });

  describe("server limits", () => {
    it("default to seconds, not minutes, and a cap per address", () => {
      expect(loadConfig({})).toMatchObject({
        headersTimeoutSeconds: 10,
        requestTimeoutSeconds: 30,
        keepAliveTimeoutSeconds: 5,
        maxConnectionsPerAddress: 64,
      });
    });

    it.each([
      ["HEADERS_TIMEOUT_SECONDS", "0"],
      ["REQUEST_TIMEOUT_SECONDS", "601"],
      ["KEEP_ALIVE_TIMEOUT_SECONDS", "1.5"],
      ["MAX_CONNECTIONS_PER_ADDRESS", "-1"],
    ])("refuses %s=%j, naming the variable", (name, value) => {
      expect(problemsOf({ [name]: value })[0]).toMatch(new RegExp(`^${name} `));
    });
  });

  describe("operations", () => {
    it("give requests 25 s to finish on SIGTERM unless SHUTDOWN_GRACE_SECONDS says otherwise", () => {
      expect(loadConfig({}).shutdownGraceSeconds).toBe(25);
      expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: "0" }).shutdownGraceSeconds).toBe(0);
      expect(problemsOf({ SHUTDOWN_GRACE_SECONDS: "soon" })[0]).toMatch(/^SHUTDOWN_GRACE_SECONDS /);
    });

    it("read MASTER_KEY_PREVIOUS only when set", () => {
      expect(loadConfig({}).masterKeyPrevious).toBeNull();
      expect(loadConfig({ MASTER_KEY_PREVIOUS: "ab".repeat(32) }).masterKeyPrevious).toBe("ab".repeat(32));
    });
  });

  describe("ALLOW_PRIVATE_URLS", () => {
    it("defaults to true in development and test", () => {
      expect(loadConfig({}).allowPrivateUrls).toBe(true);
      expect(loadConfig({ NODE_ENV: "development" }).allowPrivateUrls).toBe(true);
      expect(loadConfig({ NODE_ENV: "test" }).allowPrivateUrls).toBe(true);
    });

    it("defaults to false with NODE_ENV=production", () => {
      expect(loadConfig({ NODE_ENV: "production" }).allowPrivateUrls).toBe(false);
    });

    it.each([
      ["true", true],
      ["1", true],
      ["yes", true],
      ["false", false],
      ["0", false],
      ["no", false],
    ])("reads %j as %s whatever NODE_ENV says", (value, allowed) => {
      for (const nodeEnv of ["development", "production"]) {
        expect(loadConfig({ NODE_ENV: nodeEnv, ALLOW_PRIVATE_URLS: value }).allowPrivateUrls).toBe(allowed);
      }
    });

    it.each(["TRUE", "on", "maybe"])("refuses %j, naming the variable", (value) => {
      expect(problemsOf({ ALLOW_PRIVATE_URLS: value })).toEqual(["ALLOW_PRIVATE_URLS must be true or false"]);
    });
  });

  describe("TRUSTED_PROXIES", () => {
    it("is empty when unset", () => {
      expect(loadConfig({}).trustedProxies).toEqual([]);
    });

    it("reads a comma-separated list of IPv4 and IPv6 addresses, trimming blanks and empty entries", () => {
      expect(
        loadConfig({ TRUSTED_PROXIES: " 10.0.0.1, 192.168.1.20 ,,2001:db8::1," }).trustedProxies,
      ).toEqual(["10.0.0.1", "192.168.1.20", "2001:db8::1"]);
      expect(loadConfig({ TRUSTED_PROXIES: "::1" }).trustedProxies).toEqual(["::1"]);
    });

    it.each(["10.0.0.1,proxy.internal", "10.0.0.0/8", "10.0.0.256", "10.0.0.1;10.0.0.2"])(
      "refuses %j, naming the variable",
      (value) => {
        expect(problemsOf({ TRUSTED_PROXIES: value })).toEqual([
          "TRUSTED_PROXIES must be a comma-separated list of IP addresses",
        ]);
      },
    );
  });
});

describe("loadKeysCommandConfig", () => {
  it("reads NEW_MASTER_KEY, which the server's own config ignores", () => {
    const key = "ab".repeat(32);
    expect(loadKeysCommandConfig({ NEW_MASTER_KEY: key, MASTER_KEY: "cd".repeat(32) })).toEqual({
      newMasterKey: key,
    });
    expect(loadConfig({ NEW_MASTER_KEY: key })).not.toHaveProperty("newMasterKey");
  });

  it("is null when unset or empty", () => {
    expect(loadKeysCommandConfig({})).toEqual({ newMasterKey: null });
    expect(loadKeysCommandConfig({ NEW_MASTER_KEY: "" })).toEqual({ newMasterKey: null });
  });
});
