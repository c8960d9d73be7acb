/**
 * A stand-in for the Next.js checkout app, with the shape server.ts uses (`next(options)`, `prepare()`,
 * `getRequestHandler()`). Like Next, `prepare()` sets NODE_ENV=production for a production app, and `/environment`
 * answers the environment the app's own reading of the configuration sees (the real app's pages parse it in a
 * bundled copy of the configuration module, after that). `/slow-page?ms=N` behaves as a checkout page whose server code calls its own gateway over
 * loopback (as the real pages do through GATEWAY_BASE_URL) after N ms, and tells what the gateway answered.
 * Any other path is a plain page.
 */
export default function next(options) {
  return {
    async prepare() {
      process.env.NODE_ENV = options?.dev ? "development" : "production";
    },
    getRequestHandler() {
      return async (request, response) => {
        const url = new URL(request.url ?? "/", "http://localhost");
        if (url.pathname === "/environment") {
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end(JSON.stringify(process.env));
          return;
        }
        if (url.pathname === "/slow-page") {
          await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get("ms") ?? 1000)));
          const answered = await fetch(`http://127.0.0.1:${process.env.PORT}/gateway/health/live`).then(
            (answer) => String(answer.status),
            (error) => String(error?.cause?.code ?? error),
          );
          response.writeHead(200, { "Content-Type": "text/plain" });
          response.end(`gateway answered ${answered}`);
          return;
        }
        response.writeHead(200, { "Content-Type": "text/plain" });
        response.end("page");
      };
    },
  };
}
