import type pg from 'pg';

type Row = Record<string, unknown>;

interface Waiting {
  sql: string;
  params: readonly unknown[];
  name?: string;
  resolve: (rows: Row[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads that go to PostgreSQL together: the statements a caller issues in one turn of the event loop are sent on one
 * connection in one write, and their answers read back in order (pg's pipeline mode). Each statement keeps its own
 * implicit transaction, so one that fails fails alone. A listing page's sections are four statements: sent apart,
 * each took a connection, a write and a wake of a server process of its own, and on a loaded machine the writes
 * (the kernel's loopback path runs inside them) were a fifth of the service's time.
 */
export class ReadPipeline {
  private waiting: Waiting[] = [];

  /** `pool`: connections in pipeline mode, with the type parsers of the service's own pool. */
  constructor(private readonly pool: pg.Pool) {}

  query = <T extends Row = Row>(sql: string, params: readonly unknown[] = [], options?: { prepare?: string }): Promise<T[]> =>
    new Promise<T[]>((resolve, reject) => {
      const first = this.waiting.push({ sql, params, name: options?.prepare, resolve: resolve as (rows: Row[]) => void, reject }) === 1;
      if (first) setImmediate(() => void this.send());
    });

  private async send(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      for (const statement of batch) statement.reject(error);
      return;
    }
    const { stream } = client.connection;
    stream.cork();
    const answers = batch.map((s) =>
      client.query(s.name ? { name: s.name, text: s.sql, values: s.params as unknown[] } : { text: s.sql, values: s.params as unknown[] }),
    );
    stream.uncork();
    const settled = await Promise.allSettled(answers);
    // A statement the server refused fails alone (pg forgets a name it could not prepare); anything else (a lost
    // connection) takes the connection out of the pool.
    const broken = settled.find((s) => s.status === 'rejected' && !isServerError(s.reason));
    client.release(broken ? (broken as PromiseRejectedResult).reason : undefined);
    settled.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') batch[i]!.resolve(outcome.value.rows);
      else batch[i]!.reject(outcome.reason);
    });
  }
}

/** An error the server answered (pg's DatabaseError: it has the server's severity). */
const isServerError = (error: unknown): boolean => typeof error === 'object' && error !== null && 'severity' in error;
