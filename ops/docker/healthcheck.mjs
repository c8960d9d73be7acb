/**
 * The image's HEALTHCHECK: readiness (`/gateway/health/ready`) on this container's own port. Exit 0 when ready, 1
 * otherwise (not migrated, database gone, shutting down, not listening yet). Plain Node, no curl in the image.
 */
if (process.argv.includes("--check-syntax-only")) process.exit(0);
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/gateway/health/ready`, {
    signal: AbortSignal.timeout(2500),
  });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
