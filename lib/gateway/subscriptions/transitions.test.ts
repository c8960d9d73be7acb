import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUBSCRIPTION_STATES } from "@/lib/contracts/subscription";
import { DATABASE_FUNCTIONS_FOLDER } from "@/lib/db/database-functions";
import { canTransition, FINAL_STATES, TRANSITIONS } from "./transitions";

/** The moves the database's guard lets through, read from its file: `OLD.state = 'a' AND NEW.state IN ('b', …)`. */
function guardedMoves(): Record<string, string[]> {
  const text = fs.readFileSync(
    path.join(DATABASE_FUNCTIONS_FOLDER, "tessera_guard_subscription_state.sql"),
    "utf8",
  );
  const moves: Record<string, string[]> = {};
  for (const match of text.matchAll(/OLD\.state = '(\w+)' AND NEW\.state IN \(([^)]*)\)/g)) {
    moves[match[1]] = [...match[2].matchAll(/'(\w+)'/g)].map((to) => to[1]).sort();
  }
  return moves;
}

describe("the subscription transition table", () => {
  it("is the one the database guards: every move but staying put, and nothing else", () => {
    const fromTable: Record<string, string[]> = {};
    for (const from of SUBSCRIPTION_STATES) {
      const moves = TRANSITIONS[from].filter((to) => to !== from);
      if (moves.length > 0) fromTable[from] = [...moves].sort();
    }
    expect(guardedMoves()).toEqual(fromTable);
  });

  it("pauses only an active subscription, and a paused one only resumes or is canceled", () => {
    const into = SUBSCRIPTION_STATES.filter((from) => TRANSITIONS[from].includes("paused"));
    expect(into).toEqual(["active"]);
    expect([...TRANSITIONS.paused].sort()).toEqual(["active", "canceled"]);
  });
});

describe("the transition table", () => {
  it("has no way out of a final state and refuses moves it does not list", () => {
    for (const state of FINAL_STATES) expect(TRANSITIONS[state]).toEqual([]);
    expect(canTransition("canceled", "active")).toBe(false);
    expect(canTransition("failed", "rescuing")).toBe(false);
    expect(canTransition("redirecting", "failed_attempt")).toBe(false);
    expect(canTransition("active", "failed_attempt")).toBe(true);
  });
});
