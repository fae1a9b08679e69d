import type { z } from 'zod';
import type { ProblemFieldError } from '../errors.js';
import { pointer } from './json-pointer.js';

/** At most this many field errors are listed in one answer. */
const MAX_FIELD_ERRORS = 100;

/** An input's refusals as the caller reads them: a JSON pointer to each field and what it needs. */
export function fieldErrors(error: z.ZodError): ProblemFieldError[] {
  const errors = error.issues.flatMap((issue) => {
    // An unknown property is reported once per key, each with its own path.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pointer([...issue.path, key]), message: 'Unknown property' }));
    }
    // A value that fits no branch of a union ("" to clear, or a country code) is told the rule of the branch
    // it came closest to (a pattern, a bound), not only "Invalid input".
    if (issue.code === 'invalid_union') {
      const telling = issue.errors.find(
        (branch) => branch.length > 0 && !branch.every((inner) => inner.code === 'invalid_value' || inner.code === 'invalid_type'),
      );
      if (telling) return telling.map((inner) => ({ path: pointer([...issue.path, ...inner.path]), message: inner.message }));
    }
    return [{ path: pointer(issue.path), message: issue.message }];
  });
  return atMostMaxErrors(errors);
}

export function atMostMaxErrors(errors: ProblemFieldError[]): ProblemFieldError[] {
  if (errors.length <= MAX_FIELD_ERRORS) return errors;
  const shown = errors.slice(0, MAX_FIELD_ERRORS - 1);
  return [...shown, { path: '', message: `${errors.length - shown.length} more errors are not listed; fix the ones above first` }];
}
