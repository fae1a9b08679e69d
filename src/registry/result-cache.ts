/**
 * Answers of public read operations kept for a few seconds (a tool's `cacheSeconds`), so a popular
 * profile is read from the database once per interval instead of once per request. Bounded: the least
 * recently used entry goes first. Each instance keeps its own; the interval bounds how stale one can be.
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: Record<string, unknown>; expires: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(key: string): Record<string, unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.clock()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: Record<string, unknown>, seconds: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.clock() + seconds * 1000 });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forget everything, e.g. after a write that changes public content. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The same key for the same input, whatever the order its properties arrived in. */
export function cacheKey(toolName: string, input: unknown): string {
  return `${toolName} ${JSON.stringify(input, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  )}`;
}
