/**
 * The word index of the public listings (word-index.ts), loaded from listing_search and kept current by the
 * listing change notifications (listing-changes.ts): each names the listings whose rows changed, which are
 * read again. Search asks `current()` for it and gets it only while it is complete and current: loaded, hearing
 * notifications, every change heard read into it (a search waits briefly for a refresh under way), and not waiting on
 * a reload (after a lost connection or a change too large to name). Until then searches read PostgreSQL alone, as
 * they do without an index.
 */
import type { Database } from '../db/database.js';
import { type IndexedStatus, WordIndex } from './word-index.js';

const LOAD_BATCH = 5_000;
/** Rebuilt once this share of its postings belongs to changed or removed listings. */
const REBUILD_ABOVE_DEAD_SHARE = 0.3;
/**
 * How long a search waits for the refresh under way before it reads PostgreSQL alone (current()): under load a refresh
 * waits its turn for a connection like any statement, and waiting costs nothing where reading alone costs PostgreSQL
 * tens of times more.
 */
const REFRESH_WAIT_MS = 250;
/** Lexemes joined by the unit separator, which the text search parser never puts in a lexeme. */
const SEPARATOR = '\u001f';

interface IndexedRow {
  [column: string]: unknown;
  id: number;
  status: string;
  votes_count: number;
  lexemes: string;
}

const SELECT_ROWS = `SELECT id, status, votes_count, array_to_string(tsvector_to_array(search_vector), chr(31)) AS lexemes
  FROM listing_search`;

export interface SearchIndexLog {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export class SearchIndex {
  private index: WordIndex | undefined;
  private listening = false;
  /** A reload is needed (or running): the index may miss changes. */
  private stale = true;
  private loading: Promise<void> | undefined;
  /** Listings named while a load runs: read again once it is done. */
  private changedDuringLoad: Set<number> | undefined;
  /** Listings named by notifications and not yet read again; `reading` of them are being read. */
  private pending = new Set<number>();
  private reading = 0;
  private refreshing: Promise<void> | undefined;
  /** Notifications naming listings heard so far, and how many of them are read into the index. */
  private heard = 0;
  private readUpTo = 0;
  private readonly waiters = new Set<{ target: number; done: () => void }>();
  private closed = false;
  private started = false;

  constructor(
    private readonly db: Database,
    private readonly log?: SearchIndexLog,
  ) {}

  /** The index, while it holds every public listing as it is now; otherwise undefined. */
  usable(): WordIndex | undefined {
    return this.listening && !this.stale && this.pending.size === 0 && this.reading === 0 ? this.index : undefined;
  }

  /**
   * The index with every change heard so far read into it, waiting (at most `waitMs`) for the refresh that reads the
   * last of them; undefined when it is not current (not loaded, notifications not heard, a reload due) or the wait
   * ran out. Changes heard meanwhile are not waited for: on a launch day votes keep a refresh under way most of the
   * time, and a search that reads PostgreSQL alone costs tens of times what a refresh does.
   */
  async current(waitMs = REFRESH_WAIT_MS): Promise<WordIndex | undefined> {
    if (!this.listening || this.stale || !this.index) return undefined;
    const target = this.heard;
    if (this.readUpTo < target) await this.readPast(target, waitMs);
    return this.listening && !this.stale && this.readUpTo >= target ? this.index : undefined;
  }

  /** Resolves once the changes up to the `target`-th notification are read (or failed to be), or after `waitMs`. */
  private readPast(target: number, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter = { target, done: () => {} };
      const timer = setTimeout(() => waiter.done(), waitMs);
      waiter.done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      this.waiters.add(waiter);
    });
  }

  /** The searches waiting for what they asked after to be read; released when it is (or when the index went stale). */
  private releaseWaiters(): void {
    for (const waiter of this.waiters) if (this.stale || waiter.target <= this.readUpTo) waiter.done();
  }

  /** Loads the index (once notifications are heard): called when the service answers, so that start-up does not wait. */
  start(): void {
    this.started = true;
    if (this.listening && this.stale) this.reload();
  }

  /** Notifications are heard (true) or lost (false: changes may be missed, so the index waits on a reload). */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.stale = true;
    else if (this.stale) this.reload();
  }

  /**
   * A change notification: the ids of the listings changed, or 'all' when too many to name. `votes`: the listings'
   * new vote counts when nothing else of them changed (a vote, a follow); they are set at once, with nothing to read,
   * unless a read or load under way could answer an older count after them (then the listings are read again).
   */
  changed(ids: readonly number[] | 'all', votes?: ReadonlyMap<number, number>): void {
    if (this.closed) return;
    if (ids === 'all') {
      this.stale = true;
      this.reload();
      return;
    }
    if (votes && this.index && !this.loading && !this.refreshing) {
      for (const [id, count] of votes) this.index.setVotes(id, count);
      return;
    }
    for (const id of ids) {
      this.pending.add(id);
      this.changedDuringLoad?.add(id);
    }
    this.heard++;
    this.refreshing ??= this.refreshPending();
  }

  /** Resolves once the load and refreshes under way are done (tests, and a clean shutdown). */
  async settled(): Promise<void> {
    while (this.loading || this.refreshing) await Promise.all([this.loading, this.refreshing]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  /** Starts a full load unless one is running; the current index serves (if usable) until it is done. */
  private reload(): void {
    if (this.loading || this.closed || !this.started) return;
    this.loading = this.load()
      .catch((error: unknown) => this.log?.error({ err: error }, 'the search index could not be loaded: searches read PostgreSQL alone'))
      .finally(() => {
        this.loading = undefined;
      });
  }

  private async load(): Promise<void> {
    const started = performance.now();
    const upTo = this.heard; // what the load reads holds every change heard before it
    const changed = new Set<number>();
    this.changedDuringLoad = changed;
    const index = new WordIndex();
    try {
      let after = 0;
      for (;;) {
        const rows = await this.db.query<IndexedRow>(
          `${SELECT_ROWS} WHERE status IN ('live', 'scheduled') AND id > $1 ORDER BY id LIMIT ${LOAD_BATCH}`,
          [after],
        );
        for (const row of rows) put(index, row);
        if (rows.length < LOAD_BATCH || this.closed) break;
        after = rows[rows.length - 1].id;
      }
    } finally {
      this.changedDuringLoad = undefined;
    }
    if (this.closed) return;
    // From here on notifications are read into the new index; those heard during the load are read again.
    this.index = index;
    this.readUpTo = upTo; // the changes heard since are read again into it
    for (const id of changed) this.pending.add(id);
    if (this.pending.size > 0) this.refreshing ??= this.refreshPending();
    // Usable again only if notifications were heard throughout: otherwise the next listening starts a reload.
    if (this.listening) this.stale = false;
    this.log?.info(
      { listings: index.size, load_ms: Math.round(performance.now() - started) },
      `search index loaded: ${index.size} public listings`,
    );
  }

  private async refreshPending(): Promise<void> {
    try {
      while (this.pending.size > 0 && !this.closed) {
        const upTo = this.heard;
        const ids = [...this.pending];
        this.pending = new Set();
        this.reading = ids.length;
        try {
          const index = this.index;
          if (index) await this.read(index, ids);
          if (this.index === index) this.readUpTo = upTo; // not if a load replaced it meanwhile
        } catch (error) {
          this.log?.error({ err: error }, 'the search index could not read changed listings: it will be reloaded');
          this.stale = true;
          this.reload();
        } finally {
          this.reading = 0;
          this.releaseWaiters();
        }
      }
      if (this.index && this.index.deadShare > REBUILD_ABOVE_DEAD_SHARE) this.reload();
    } finally {
      this.refreshing = undefined;
    }
  }

  /** Reads `ids` again into `index`: those no longer in listing_search or no longer public are taken out. */
  private async read(index: WordIndex, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.db.query<IndexedRow>(`${SELECT_ROWS} WHERE id = ANY($1::int[])`, [ids]);
    const found = new Set<number>();
    for (const row of rows) {
      found.add(row.id);
      put(index, row);
    }
    for (const id of ids) if (!found.has(id)) index.remove(id);
  }
}

function put(index: WordIndex, row: IndexedRow): void {
  if (row.status !== 'live' && row.status !== 'scheduled') {
    index.remove(row.id);
    return;
  }
  const lexemes = row.lexemes === '' ? [] : row.lexemes.split(SEPARATOR);
  index.put({ id: row.id, status: row.status as IndexedStatus, votes: row.votes_count, lexemes });
}
