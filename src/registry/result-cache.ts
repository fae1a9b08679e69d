import type { ChangeNotifications } from '../caching/change-notifications.js';
import type { TaggedCache } from '../caching/tagged-cache.js';

/**
 * Answers of public read operations (a tool's `cache`), kept in memory and reused for the same input until a change
 * notification names one of their tags: the database sends one at the commit of every write that changes what the
 * answer shows (see src/catalogue/listing-changes.ts), and `changes` invalidates this cache with every other
 * (src/caching/change-notifications.ts). Nothing is kept while notifications are not being received, so no answer
 * outlives a change it could not hear of (invoke.ts keeps an answer with `changes.keep`). Bounded in entries and in
 * the length of the answers' JSON (issue 52, item 10: 5,000 answers of a long list each would have been hundreds of
 * MB; 32 MB of JSON is about 100 MB of heap): the least recently used entry goes first.
 */
export function answerCache(
  changes: ChangeNotifications,
  maxEntries = 5_000,
  maxJsonLength = 32 * 1024 * 1024,
): TaggedCache<Record<string, unknown>> {
  return changes.cache({ maxEntries, maxBytes: maxJsonLength, bytesOf: (answer) => JSON.stringify(answer).length });
}

/** The same key for the same input, whatever the order its properties arrived in. */
export function cacheKey(toolName: string, input: unknown): string {
  return `${toolName} ${sortedJson(input)}`;
}

/** JSON with every object's properties in name order (as JSON.stringify: undefined members left out). */
function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  const members: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined && typeof member !== 'function') members.push(`${JSON.stringify(key)}:${sortedJson(member)}`);
  }
  return `{${members.join(',')}}`;
}
