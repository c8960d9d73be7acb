import { register } from "node:module";

/**
 * `node --import tsx --import ./tests/gateway/next-stub/register.mjs server.ts`: the production entry as it is,
 * with the `next` package answered by `app.mjs`. The checkout app needs a build of minutes, which the gateway
 * suite does not make; what is under test is server.ts's own wiring around it (routing, the drain, the workers).
 * Registered after tsx, so these hooks are asked first.
 */
register("./hooks.mjs", import.meta.url);
