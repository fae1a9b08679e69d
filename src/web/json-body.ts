import type { IncomingMessage } from 'node:http';
import { readRequestBody } from './request-body.js';

/** The largest request body either surface (REST, MCP) accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The deepest nesting of arrays and objects accepted; no operation needs more than a few levels. */
export const MAX_NESTING_DEPTH = 64;

export type JsonBody =
  | { kind: 'parsed'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'too_large' }
  | { kind: 'invalid'; message: string }
  /** The client went away before the body was complete: there is no one to answer. */
  | { kind: 'aborted' };

/** Reads the request body (at most `limit` bytes, see readRequestBody) and parses it as JSON. */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<JsonBody> {
  const body = await readRequestBody(req, limit);
  if (body.kind !== 'read') return body;
  return body.bytes.length === 0 ? { kind: 'empty' } : parse(body.bytes.toString('utf8'));
}

function parse(text: string): JsonBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message };
  }
  // Deeper documents would overflow the stack of code that walks them recursively (ours, the MCP SDK's).
  if (!fewOpeners(text, MAX_NESTING_DEPTH) && nestingDepth(text) > MAX_NESTING_DEPTH)
    return { kind: 'invalid', message: `arrays and objects are nested deeper than ${MAX_NESTING_DEPTH} levels` };
  return { kind: 'parsed', value };
}

/**
 * Whether `text` holds at most `limit` of '{' and '[' (in strings too): then nothing in it is nested deeper. Most
 * bodies hold a handful, found by the native search faster than nestingDepth reads every character.
 */
function fewOpeners(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of OPENERS) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) if (++count > limit) return false;
  }
  return true;
}

const OPENERS = ['{', '['];

/** The deepest nesting of arrays and objects in valid JSON text, found without recursion. */
export function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) deepest = Math.max(deepest, ++depth);
    else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

const [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = ['"', '\\', '{', '}', '[', ']'].map((c) =>
  c.charCodeAt(0),
);
