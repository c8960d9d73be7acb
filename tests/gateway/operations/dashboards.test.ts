import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../harness";
import { exportedNames } from "../metrics-exposition";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const METRICS_TOKEN = "dashboards-test-token-0123456789";

/** The metric names a PromQL expression uses (this project's and Node's: `tessera_…`, `nodejs_…`, `process_…`). */
function metricNames(expression: string): string[] {
  return Array.from(expression.matchAll(/\b(?:tessera|nodejs|process)_[a-z0-9_]+\b/g), (match) => match[0]);
}

function dashboardExpressions(): string[] {
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, "ops/grafana/tessera.json"), "utf8")) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  return dashboard.panels.flatMap((panel) => {
    expect(panel.targets.length, panel.title).toBeGreaterThan(0);
    return panel.targets.map((target) => target.expr);
  });
}

function alertExpressions(): { alert: string; expr: string }[] {
  // The rules' `expr` blocks, read as the YAML is written here: `expr: |` then the lines indented deeper.
  const text = fs.readFileSync(path.join(ROOT, "ops/prometheus/alerts.yml"), "utf8");
  const rules: { alert: string; expr: string }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const alert = /^\s*- alert: (\S+)/.exec(lines[i]);
    if (alert) rules.push({ alert: alert[1], expr: "" });
    const expr = /^(\s*)expr: ?(.*)$/.exec(lines[i]);
    if (!expr) continue;
    const rule = rules.at(-1);
    if (!rule) throw new Error(`expr before any alert at line ${i + 1}`);
    if (expr[2] !== "|") {
      rule.expr = expr[2];
      continue;
    }
    const body: string[] = [];
    while (i + 1 < lines.length && /^\s*$|^\s+/.test(lines[i + 1]) && indent(lines[i + 1]) > expr[1].length) {
      body.push(lines[++i].trim());
    }
    rule.expr = body.join(" ");
  }
  return rules;
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}

describe("ops/grafana/tessera.json and ops/prometheus/alerts.yml", () => {
  let gateway: TestGateway;
  let exported: Set<string>;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { METRICS_TOKEN } });
    const response = await gateway.call("/metrics", {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    exported = exportedNames(await response.text());
  }, 60_000);
  afterAll(() => gateway?.close());

  it("the dashboard names only metrics /metrics exports", () => {
    const names = dashboardExpressions().flatMap(metricNames);
    expect(names.length).toBeGreaterThan(15);
    for (const name of names) expect(exported, name).toContain(name);
  });

  it("the alerts cover 5xx rate, acquirer errors, outbox age, approval-rate drop, card testing and wraparound, with exported metrics only", () => {
    const rules = alertExpressions();
    const byName = new Map(rules.map((rule) => [rule.alert, rule.expr]));
    expect(byName.get("TesseraHigh5xxRate")).toContain('status=~"5.."');
    expect(byName.get("TesseraAcquirerErrorRate")).toContain("tessera_acquirer_calls_total");
    expect(byName.get("TesseraWebhookOutboxBacklog")).toContain("tessera_outbox_oldest_pending_age_seconds");
    expect(byName.get("TesseraApprovalRateDrop")).toContain('status="successful"');
    expect(byName.get("TesseraCardTestingSpike")).toContain("tessera_rate_limited_total");
    expect(byName.get("TesseraTransactionIdWraparound")).toContain("tessera_db_transaction_id_age");
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exported, `${rule.alert}: ${name}`).toContain(name);
    }
  });
});
