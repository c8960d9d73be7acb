import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ServerProcess, startServerProcess } from "../ops-process";

/**
 * The health endpoints as a load balancer asks them: HAProxy's plain `option httpchk GET <path>` sends an HTTP/1.0
 * request line and no header at all, not even `Host`. Both entries (`npm run gateway` and server.ts, whose Next.js
 * app is the test stand-in) answer it as they answer a browser.
 */
vi.setConfig({ testTimeout: 120_000 });

const NEXT_STUB = "./tests/gateway/next-stub/register.mjs";

/** `raw` sent on a connection of its own; resolves with everything the server wrote before it closed. */
function rawRequest(origin: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(raw));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

function statusLine(answer: string): string {
  return answer.split("\r\n")[0];
}

function body(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
}

for (const entry of [
  { name: "npm run gateway", script: "scripts/gateway.ts", imports: [] },
  { name: "server.ts", script: "server.ts", imports: [NEXT_STUB] },
]) {
  describe(`${entry.name}: a probe without a Host header`, () => {
    let dataDir: string;
    let server: ServerProcess;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-proxy-health-"));
      server = await startServerProcess(
        { DATA_DIR: dataDir, MASTER_KEY: randomBytes(32).toString("hex") },
        entry.script,
        entry.imports,
      );
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("HTTP/1.0 GET /gateway/health/ready and /gateway/health/live, as HAProxy sends them: 200", async () => {
      for (const probe of ["/gateway/health/ready", "/gateway/health/live"]) {
        const answer = await rawRequest(server.origin, `GET ${probe} HTTP/1.0\r\n\r\n`);
        expect(statusLine(answer), answer).toBe("HTTP/1.1 200 OK");
        expect(body(answer)).toEqual({ status: "ok" });
      }
    });

    it("HTTP/1.1 without Host is still refused 400, as HTTP/1.1 requires", async () => {
      const answer = await rawRequest(
        server.origin,
        "GET /gateway/health/ready HTTP/1.1\r\nConnection: close\r\n\r\n",
      );
      expect(statusLine(answer)).toBe("HTTP/1.1 400 Bad Request");
    });
  });
}
