// Stopping the HTTP server without cutting requests off: stop accepting, let the requests in
// flight answer, and only force the remaining sockets shut after `drainMs` (a stuck client must not
// hold a deploy forever).
import type { ServerType } from '@hono/node-server';

/** How often idle keep-alive sockets are closed while draining (they would hold close() open). */
const IDLE_SWEEP_MS = 50;

export function closeGracefully(server: ServerType, drainMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    // A socket whose request just answered turns idle; only the plain HTTP server can say which.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    const idleSweep = setInterval(closeIdle, IDLE_SWEEP_MS);
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, drainMs);
    server.close(() => {
      clearInterval(idleSweep);
      clearTimeout(force);
      resolve();
    });
    closeIdle();
  });
}
