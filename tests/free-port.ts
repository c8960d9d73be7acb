import net from "node:net";

/** Ports handed out by this process, so that two of its servers are never given the same one. */
const handedOut = new Set<number>();

/** Whether a server could listen on `port` of the loopback address now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on right now, for a server a test starts on it later (often in a child process). Chosen
 * below the kernel's ephemeral range (32768–60999 on Linux), not by listening on port 0: a port from that range is
 * free when chosen but not reserved, and before the server binds it any process's outgoing connection (a database
 * client's, a fetch's, on a machine running test files in parallel) may take it as its local port, and the server
 * then fails to start ("Port … is in use by another process").
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
