import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseServerArguments } from "../lib/server/cli";
import { reportOperatorErrors } from "../lib/server/operator-error";
import { projectRoot } from "../lib/server/project-root";

/**
 * `npm start`: builds the checkout app when there is no build or the sources changed since the last one, then
 * runs the server. A fresh clone needs nothing but `npm install && npm start`.
 */
// Before a build of minutes: a mistyped option is told at once.
parseServerArguments();
reportOperatorErrors();
const root = projectRoot();
const buildId = path.join(root, ".next", "BUILD_ID");
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "package.json", "tsconfig.json"];

function newestSourceChange(): number {
  let newest = 0;
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) visit(path.join(root, dir));
  for (const file of SOURCE_FILES) visit(path.join(root, file));
  return newest;
}

const needsBuild = () => !fs.existsSync(buildId) || fs.statSync(buildId).mtimeMs < newestSourceChange();

/**
 * Two starts at once (e.g. test runs side by side) must not build into `.next` together: the first takes a lock
 * file, the others wait for it and then find the build fresh. A lock left by a killed build is taken over after
 * ten minutes.
 */
async function withBuildLock(build: () => void): Promise<void> {
  const lock = path.join(root, ".next-build.lock");
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    build();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

let buildFailed = 0;
if (needsBuild()) {
  await withBuildLock(() => {
    if (!needsBuild()) return;
    console.log("Building the checkout app (first start or sources changed)...");
    // Also when started as `node scripts/start.mjs`: a payment service reports no usage to anyone by default.
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" };
    const result = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit", env });
    buildFailed = result.status !== 0 ? (result.status ?? 1) : 0;
  });
  if (buildFailed) process.exit(buildFailed);
}
// With the build: a ready embedded database to copy, so that a first start does not wait on creating one.
const { getConfig } = await import("../lib/server/config");
if (!getConfig().databaseUrl) {
  const { ensurePgliteTemplate } = await import("../lib/db/pglite-template");
  await ensurePgliteTemplate();
}
await import("../server");
