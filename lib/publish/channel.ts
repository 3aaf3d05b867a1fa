import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * How instances on one PostgreSQL server tell each other that the console changed what the site
 * shows: NOTIFY on one channel, and each instance LISTENs on a connection of its own. The
 * embedded database has one instance only and needs none of it.
 */
export const PUBLISH_CHANNEL = 'tcsa_published';

/** This process, so that it can skip its own announcements. */
const store = globalThis as typeof globalThis & { __tcsaInstanceId?: string };
export const INSTANCE_ID = (store.__tcsaInstanceId ??= randomUUID());

export type PublishMessage = { from: string; tags: string[] };

export function publishPayload(tags: readonly string[], from: string = INSTANCE_ID): string {
  return JSON.stringify({ from, tags: [...tags] } satisfies PublishMessage);
}

/** A notification's payload, or null when it is not one of ours. */
export function parsePublishPayload(payload: string | undefined): PublishMessage | null {
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(payload);
    if (
      typeof value === 'object' &&
      value !== null &&
      'from' in value &&
      typeof value.from === 'string' &&
      'tags' in value &&
      Array.isArray(value.tags) &&
      value.tags.every((tag) => typeof tag === 'string')
    ) {
      return { from: value.from, tags: value.tags as string[] };
    }
  } catch {
    // Not JSON: somebody else's NOTIFY on our channel.
  }
  return null;
}

export type Listener = { close: () => Promise<void> };

/**
 * Listens for other instances' announcements until closed. A lost connection is opened again
 * after `retryMs` (and once reconnected, `onMessage` is called with every tag, since a change may
 * have been announced while nobody listened).
 */
export function listenForPublished(
  databaseUrl: string,
  onMessage: (message: PublishMessage) => void,
  { retryMs = 2000 }: { retryMs?: number } = {},
): Promise<Listener> {
  let closed = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (afterLoss: boolean): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    next.on('notification', (notification) => {
      if (notification.channel !== PUBLISH_CHANNEL) return;
      const message = parsePublishPayload(notification.payload);
      if (message && message.from !== INSTANCE_ID) onMessage(message);
    });
    next.on('error', (error) => {
      console.error(`Listening for published changes failed (${error.message}); retrying.`);
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${PUBLISH_CHANNEL}`);
    client = next;
    if (afterLoss) onMessage({ from: 'reconnect', tags: [] });
  };

  const scheduleReconnect = (lost: Client) => {
    if (closed || client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    reconnectLater();
  };

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error: Error) => {
        console.error(`Listening for published changes failed (${error.message}); retrying.`);
        reconnectLater();
      });
    }, retryMs);
    retry.unref();
  };

  return connect(false).then(() => ({
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  }));
}
