/**
 * A problem the operator of a deployment fixes (a setting, a key, a database or port in use), as opposed to a bug:
 * its message says what is wrong and what to do, and is all a command or a starting server prints of it.
 */
export class OperatorError extends Error {
  override name = "OperatorError";
}

let listener: ((error: unknown) => void) | null = null;

/** The one line an operator sees for an error of theirs, or null for an error that needs its stack trace. */
export function operatorMessage(error: unknown): string | null {
  if (error instanceof OperatorError) return error.message;
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code === "EADDRINUSE") {
    return `Port ${port} is in use by another process: stop that process, or set PORT to a free port.`;
  }
  return null;
}

/**
 * For a command, or a server while it starts: an operator's error ends the process with its message alone on
 * stderr and status 1; any other error is printed with its stack, as Node would. Returns the function that hands
 * uncaught errors back (the full server does once it listens, where Next.js has its own handler for requests).
 */
export function reportOperatorErrors(): () => void {
  listener ??= (error: unknown) => {
    const message = operatorMessage(error);
    if (message === null) console.error(error);
    else process.stderr.write(`${message}\n`);
    process.exit(1);
  };
  if (!process.listeners("uncaughtException").includes(listener)) process.on("uncaughtException", listener);
  return () => {
    if (listener) process.off("uncaughtException", listener);
  };
}
