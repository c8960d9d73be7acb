import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_SHOPS } from "@/lib/demo/demo-shops";
import { freePort } from "../../free-port";
import { basicAuthorization } from "../harness";

// These tests start the product's own scripts as child processes, each compiling its TypeScript first: on a busy
// 2-core machine one start can take most of the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** `npm run gateway` (scripts/gateway.ts) on a fresh data directory, as a child process. */
describe("npm run gateway on an empty embedded database", () => {
  let dataDir: string;
  let port: number;
  let child: ChildProcess;
  let stdout = "";
  let stderr = "";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-gateway-script-"));
    port = await freePort();
    // What `npm run gateway` runs (scripts/run.mjs), in this process's node so the pid is the server's own.
    child = spawn(process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        // Short, so the stalled-body test below is quick.
        REQUEST_TIMEOUT_SECONDS: "2",
        HEADERS_TIMEOUT_SECONDS: "2",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    // Started when it says where it listens (the demo shops are printed in the same write).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line:\n${stdout}\n${stderr}`)), 50_000);
      const check = () => {
        if (stdout.includes("listening on")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", check);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${stdout}\n${stderr}`));
      });
    });
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints its public address (localhost, not the interface it binds) and the demo shops' credentials, as npm start does", () => {
    expect(stdout).toContain(`Tessera gateway listening on http://localhost:${port}/gateway`);
    expect(stdout).toContain("demo shops (test mode; HTTP Basic shop id / secret key):");
    for (const shop of DEMO_SHOPS) {
      expect(stdout).toContain(`    ${shop.id} / ${shop.secretKey}  ${shop.name}`);
    }
    expect(stdout).toContain("test cards: 4200000000000000 succeeds");
  });

  it("serves the demo shops with the printed credentials", async () => {
    const [, id, secretKey] = stdout.match(/^ {4}(\d+) \/ (\S+) {2}/m) ?? [];
    const response = await fetch(`http://127.0.0.1:${port}/gateway/shop`, {
      headers: { authorization: basicAuthorization(id, secretKey) },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).shop).toMatchObject({ id: Number(id) });
  });

  it("answers its API at the root as well, as clients that drop the base path call it", async () => {
    const [, id, secretKey] = stdout.match(/^ {4}(\d+) \/ (\S+) {2}/m) ?? [];
    const authorization = basicAuthorization(id, secretKey);
    const created = await fetch(`http://127.0.0.1:${port}/customers`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ email: "root@example.com", ip: "203.0.113.9" }),
    });
    expect(created.status).toBe(201);
    const customer = await created.json();
    const read = await fetch(`http://127.0.0.1:${port}/gateway/customers/${customer.id}`, {
      headers: { authorization },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: customer.id, email: "root@example.com" });

    const unknown = await fetch(`http://127.0.0.1:${port}/checkout/anything`, { headers: { authorization } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Not found" });
  });

  it("cuts off a request whose body stalls, after the configured request timeout", async () => {
    const started = performance.now();
    const received = await new Promise<string>((resolve, reject) => {
      let answer = "";
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(
          "POST /gateway/transactions/tokenizations HTTP/1.1\r\nHost: localhost\r\n" +
            `Authorization: ${basicAuthorization(DEMO_SHOPS[0].id, DEMO_SHOPS[0].secretKey)}\r\n` +
            "Content-Type: application/json\r\nContent-Length: 500\r\n\r\n" +
            '{"request":{"amount":',
        );
      });
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(answer));
      setTimeout(() => reject(new Error("still open after 10 s")), 10_000);
    });
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(performance.now() - started).toBeLessThan(4000);
  });
});
