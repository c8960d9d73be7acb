const app = new URL("./app.mjs", import.meta.url).href;

/** The bare `next` import (server.ts's) is the stub; `next/…` subpaths and everything else resolve as usual. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "next") return { url: app, shortCircuit: true };
  return nextResolve(specifier, context);
}
