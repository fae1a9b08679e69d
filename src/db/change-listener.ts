import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** What a listener hears: each notification's payload, and whether it is listening (false: notifications may be missed). */
export interface ChangeHandlers {
  onChange(payload: string): void;
  onListening(listening: boolean): void;
}

/** Stops listening. */
export type StopListening = () => Promise<void>;

/** A channel listened to: stopped, or notified over the listening connection itself. */
export interface Listening {
  stop: StopListening;
  /**
   * NOTIFY on the channel from the listening connection: it commits after every commit its caller has seen, so
   * listeners hear it after their notifications, and it waits for no connection of the pool. Rejects while the
   * connection is lost.
   */
  notify(payload: string): Promise<void>;
}

const NOTIFY = 'SELECT pg_notify($1, $2)';
const NOTIFY_EACH = 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload';

const RECONNECT_MS = 1_000;
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'launch-directory change listener';

/**
 * LISTEN on a connection of its own, reconnecting after a loss. Between the loss and the next LISTEN
 * notifications are missed, so onListening(false) comes first and onListening(true) only once listening again.
 */
export async function listenOnServer(url: string, channel: string, handlers: ChangeHandlers): Promise<Listening> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    handlers.onListening(false);
    failed.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onChange(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(next);
      throw error;
    }
    if (client === next && !stopped) handlers.onListening(true);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      handlers.onListening(false);
      await last?.end().catch(() => {});
    },
    notify: batchedNotify(channel, () => client),
  };
}

/**
 * Notifications sent over one connection: one statement at a time (a client runs one query at a time), the payloads
 * asked for meanwhile sent together by the next one.
 */
function batchedNotify(channel: string, connection: () => pg.Client | undefined): (payload: string) => Promise<void> {
  let queued: { payload: string; sent: (error?: unknown) => void }[] = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const client = connection();
        if (!client) throw new Error(`not listening on ${channel}`);
        await client.query(NOTIFY_EACH, [channel, batch.map((one) => one.payload)]);
        for (const one of batch) one.sent();
      } catch (error) {
        for (const one of batch) one.sent(error);
      }
    }
    sending = false;
  };
  return (payload) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ payload, sent: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!sending) void send();
    });
}

/** LISTEN on the embedded engine: one process, one connection, so nothing is ever missed. */
export async function listenOnEmbedded(pglite: PGlite, channel: string, handlers: ChangeHandlers): Promise<Listening> {
  const unlisten = await pglite.listen(channel, (payload) => handlers.onChange(payload));
  handlers.onListening(true);
  return {
    async stop() {
      handlers.onListening(false);
      await unlisten();
    },
    async notify(payload) {
      await pglite.query(NOTIFY, [channel, payload]);
    },
  };
}
