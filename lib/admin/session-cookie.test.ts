import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  newSession,
  openSession,
  SESSION_LIFETIME_MS,
  sealSession,
  sessionCookieOptions,
} from "./session-cookie";
import { resolveSessionKey, SESSION_KEY_FILE } from "./session-key";

const key = randomBytes(32);
const signedInAt = new Date("2030-01-15T09:00:00.000Z");
const session = newSession("7", "secret-key-of-shop-7", "ab".repeat(32), signedInAt);

function flipByte(value: string, index: number): string {
  const [format, body] = value.split(".");
  const bytes = Buffer.from(body, "base64url");
  bytes[index] ^= 0x01;
  return `${format}.${bytes.toString("base64url")}`;
}

describe("admin session cookie", () => {
  it("opens what it sealed, within the lifetime", () => {
    const sealed = sealSession(session, key);
    expect(openSession(sealed, key, new Date(signedInAt.getTime() + 60_000))).toEqual(session);
  });

  it("does not reveal the secret key or shop id in the cookie value", () => {
    const sealed = sealSession(session, key);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("secret-key-of-shop-7");
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("secret-key");
  });

  it("uses a fresh IV for every seal", () => {
    expect(sealSession(session, key)).not.toBe(sealSession(session, key));
  });

  it("lasts 8 hours from sign-in and no longer", () => {
    const sealed = sealSession(session, key);
    expect(session.expiresAt - session.issuedAt).toBe(8 * 60 * 60 * 1000);
    expect(openSession(sealed, key, new Date(signedInAt.getTime() + SESSION_LIFETIME_MS - 1))).not.toBeNull();
    expect(openSession(sealed, key, new Date(signedInAt.getTime() + SESSION_LIFETIME_MS))).toBeNull();
    expect(openSession(sealed, key, new Date(signedInAt.getTime() + SESSION_LIFETIME_MS + 1))).toBeNull();
  });

  it("rejects a value altered anywhere: IV, tag or ciphertext", () => {
    const sealed = sealSession(session, key);
    const length = Buffer.from(sealed.slice(3), "base64url").length;
    for (const index of [0, 11, 12, 27, 28, length - 1]) {
      expect(openSession(flipByte(sealed, index), key, signedInAt)).toBeNull();
    }
  });

  it("rejects a value sealed under another key", () => {
    expect(openSession(sealSession(session, randomBytes(32)), key, signedInAt)).toBeNull();
  });

  it("rejects truncated, foreign and empty values without throwing", () => {
    const sealed = sealSession(session, key);
    for (const value of [
      undefined,
      "",
      "v1.",
      "v1.AAAA",
      sealed.slice(0, 30),
      `v2.${sealed.slice(3)}`,
      "garbage",
    ]) {
      expect(openSession(value, key, signedInAt)).toBeNull();
    }
  });

  it("cannot have its expiry extended by splicing another session's bytes", () => {
    const later = sealSession(
      newSession("7", "other", "cd".repeat(32), new Date(signedInAt.getTime() + 7 * 3600_000)),
      key,
    );
    const early = sealSession(session, key);
    const spliced = `v1.${Buffer.concat([
      Buffer.from(early.slice(3), "base64url").subarray(0, 28),
      Buffer.from(later.slice(3), "base64url").subarray(28),
    ]).toString("base64url")}`;
    expect(openSession(spliced, key, signedInAt)).toBeNull();
  });

  it("is a __Host- Secure cookie over https and a plain one over http, always HttpOnly and SameSite=Strict", () => {
    expect(sessionCookieOptions("https://pay.example.com")).toEqual({
      name: "__Host-tessera_admin",
      httpOnly: true,
      sameSite: "strict",
      secure: true,
      path: "/",
      maxAge: 8 * 60 * 60,
    });
    expect(sessionCookieOptions("http://localhost:3000")).toMatchObject({
      name: "tessera_admin",
      secure: false,
      httpOnly: true,
      sameSite: "strict",
    });
  });
});

describe("admin session key", () => {
  it("is derived from the master key: stable, 32 bytes, not the master key itself", () => {
    const masterKey = randomBytes(32).toString("hex");
    const derived = resolveSessionKey({ masterKey, dataDir: "/nonexistent" });
    expect(derived).toHaveLength(32);
    expect(resolveSessionKey({ masterKey, dataDir: "/elsewhere" }).equals(derived)).toBe(true);
    expect(derived.toString("hex")).not.toBe(masterKey);
    expect(
      resolveSessionKey({ masterKey: randomBytes(32).toString("hex"), dataDir: "/x" }).equals(derived),
    ).toBe(false);
  });

  it("without a master key is generated once into the data directory with mode 0600", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-admin-key-"));
    try {
      const first = resolveSessionKey({ masterKey: null, dataDir });
      const file = path.join(dataDir, SESSION_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveSessionKey({ masterKey: null, dataDir }).equals(first)).toBe(true);
      expect(fs.readdirSync(dataDir)).toEqual([SESSION_KEY_FILE]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a damaged key file instead of silently signing everyone out", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tessera-admin-key-"));
    try {
      fs.writeFileSync(path.join(dataDir, SESSION_KEY_FILE), "not a key");
      expect(() => resolveSessionKey({ masterKey: null, dataDir })).toThrow(/admin-session\.key/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
