import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { loadEnvFile } from "./env-file";

describe("loadEnvFile", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-env-file-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(text: string): string {
    const file = path.join(dir, ".env");
    fs.writeFileSync(file, text);
    return file;
  }

  it("sets what the environment leaves unset, and the environment wins", () => {
    const file = write('PORT=4100\n# a comment\nLOG_LEVEL=debug\nPUBLIC_URL="https://pay.example.com"\n');
    const env: Record<string, string | undefined> = { LOG_LEVEL: "warn" };
    expect(loadEnvFile(file, env).sort()).toEqual(["PORT", "PUBLIC_URL"]);
    expect(env).toEqual({ PORT: "4100", LOG_LEVEL: "warn", PUBLIC_URL: "https://pay.example.com" });
    expect(loadConfig(env)).toMatchObject({
      port: 4100,
      logLevel: "warn",
      publicUrl: "https://pay.example.com",
    });
  });

  it("leaves the empty values of a copied .env.example unset, so the defaults apply", () => {
    const example = fs.readFileSync(path.join(import.meta.dirname, "..", "..", ".env.example"), "utf8");
    const env: Record<string, string | undefined> = {};
    loadEnvFile(write(example), env);
    expect(Object.values(env)).not.toContain("");
    expect(env).not.toHaveProperty("MASTER_KEY");
    expect(env).not.toHaveProperty("DATABASE_URL");
    // The copy starts what an empty environment starts.
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });

  it("fills a variable the environment has set to an empty string (which means unset)", () => {
    const env: Record<string, string | undefined> = { PORT: "" };
    loadEnvFile(write("PORT=4200\n"), env);
    expect(env.PORT).toBe("4200");
  });

  it("does nothing without a file", () => {
    const env: Record<string, string | undefined> = { PORT: "1" };
    expect(loadEnvFile(path.join(dir, "missing.env"), env)).toEqual([]);
    expect(env).toEqual({ PORT: "1" });
  });
});
