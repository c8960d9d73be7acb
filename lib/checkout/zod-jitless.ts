import { z } from "zod";

/**
 * zod probes for eval when a schema is built, to compile fast parsers; the payment page's CSP forbids eval, and
 * the refused probe is reported as a violation. Imported first wherever the browser builds schemas, before any.
 */
z.config({ jitless: true });
