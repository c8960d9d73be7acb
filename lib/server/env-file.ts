import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/**
 * Reads a `.env` file (the README has operators copy `.env.example` to it) into `env` before the configuration is
 * parsed. A variable already set in the environment wins over the file, and an empty value in the file (as in
 * `.env.example`) leaves the variable unset, so the documented default applies. No file: nothing happens.
 * Returns the names it set.
 */
export function loadEnvFile(
  file: string = path.resolve(".env"),
  env: Record<string, string | undefined> = process.env,
): string[] {
  let text: string;
  try {
    // Read at run time only: not a file for the checkout app's build to trace and bundle.
    text = fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value === "" || (env[name] !== undefined && env[name] !== "")) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
