import type { ProblemFieldError } from '../errors.js';
import { withoutControls } from '../text/control-characters.js';
import { pointer } from './json-pointer.js';

const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Strings PostgreSQL cannot store or compare: a NUL character, or half of a UTF-16 surrogate pair
 * (valid in JSON text, not in UTF-8). Checked in keys and values at every depth, level by level.
 */
export function unstorableText(input: unknown): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  for (let next = 0; next < pending.length; next++) {
    const { value, path } = pending[next]!;
    if (typeof value === 'string') {
      if (NUL_OR_LONE_SURROGATE.test(value))
        errors.push({ path: pointer(path), message: 'Text must not contain NUL characters or unpaired surrogates' });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: [...path, index] });
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (NUL_OR_LONE_SURROGATE.test(key))
          errors.push({
            path: pointer([...path, printable(key)]),
            message: 'Property names must not contain NUL characters or unpaired surrogates',
          });
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return errors;
}

/** The name with each offending character replaced by U+FFFD: an error must itself be storable and printable. */
const printable = (name: string) => name.replace(new RegExp(NUL_OR_LONE_SURROGATE.source, 'g'), '\uFFFD');

/**
 * The input with every string value, at every depth, as it may be stored: control characters other than tab and line
 * feed removed and line breaks as LF (src/text/control-characters.ts). Every tool call passes here before validation,
 * whether it comes from REST, MCP or a page's form; keys are left to the schema, which names unknown ones.
 */
export function storableInput(input: unknown): unknown {
  if (typeof input === 'string') return withoutControls(input);
  if (Array.isArray(input)) return input.map(storableInput);
  // Plain objects only (JSON's): anything else is passed on as it came, for the schema to judge.
  const prototype = input !== null && typeof input === 'object' ? Object.getPrototypeOf(input) : undefined;
  if (input !== null && typeof input === 'object' && (prototype === Object.prototype || prototype === null))
    return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, storableInput(value)]));
  return input;
}
