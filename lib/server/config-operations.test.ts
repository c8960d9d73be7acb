import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("operations settings", () => {
  it("default to no metrics, no tracing, readable logs in development at a terminal and JSON lines otherwise", () => {
    const terminal = { terminal: true };
    expect(loadConfig({}, terminal)).toMatchObject({
      metricsToken: null,
      metricsPort: null,
      otlpEndpoint: null,
      otelServiceName: "tessera",
      logFormat: "pretty",
    });
    expect(loadConfig({ NODE_ENV: "test" }, terminal).logFormat).toBe("json");
    expect(loadConfig({ NODE_ENV: "production", MASTER_KEY: "k".repeat(64) }, terminal).logFormat).toBe(
      "json",
    );
    expect(loadConfig({ LOG_FORMAT: "json" }, terminal).logFormat).toBe("json");
    // Into a file or a pipe (a deployment's log, a benchmark's), development writes JSON lines too, unless told.
    expect(loadConfig({}, { terminal: false }).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }, { terminal: false }).logFormat).toBe("pretty");
  });

  it("read METRICS_TOKEN, METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT", () => {
    expect(
      loadConfig({
        METRICS_TOKEN: "a-token-of-enough-length",
        METRICS_PORT: "9464",
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/",
        OTEL_SERVICE_NAME: "pay-eu",
      }),
    ).toMatchObject({
      metricsToken: "a-token-of-enough-length",
      metricsPort: 9464,
      otlpEndpoint: "http://collector:4318",
      otelServiceName: "pay-eu",
    });
  });

  it("refuse a short token, a bad port, an endpoint that is no URL and an unknown log format, naming each", () => {
    let error: unknown;
    try {
      loadConfig({
        METRICS_TOKEN: "short",
        METRICS_PORT: "http",
        OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318",
        LOG_FORMAT: "xml",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    for (const name of ["METRICS_TOKEN", "METRICS_PORT", "OTEL_EXPORTER_OTLP_ENDPOINT", "LOG_FORMAT"]) {
      expect(problems).toContain(name);
    }
  });
});
