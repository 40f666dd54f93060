// Worker → page messages (types in src/domain/cache-names.ts). Posting never blocks a response: a page
// that closed in the meantime simply does not get the message.
import type { WorkerToPageMessage } from '../src/domain/cache-names';

declare const self: ServiceWorkerGlobalScope;

/** To the page that made the request behind `event` (a fetch's clientId). */
export function reportToPage(event: ExtendableEvent | undefined, message: WorkerToPageMessage): void {
  const clientId = event instanceof FetchEvent ? event.clientId : '';
  if (!clientId) return;
  const sent = self.clients.get(clientId).then((client) => client?.postMessage(message));
  // Keeps the worker alive until posted; the fetch event may already have responded.
  try {
    (event as ExtendableEvent).waitUntil(sent);
  } catch {
    // The event's lifetime already ended: the post still runs while the worker is awake.
  }
}

/** To every open window of the shop, controlled or not (e.g. the first visit before claim). */
export async function broadcast(message: WorkerToPageMessage): Promise<number> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
  return windows.length;
}
