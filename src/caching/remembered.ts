import { dropOldest } from './drop-oldest.js';

/**
 * `make` with its answers remembered, for a pure function of a string that pages call many times with few different
 * keys (a date in words, a monogram): at most `limit` answers, the oldest dropped first.
 */
export function remembered<T>(limit: number, make: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = make(key);
      answers.set(key, answer);
      dropOldest(
        answers,
        (k) => answers.delete(k),
        () => answers.size <= limit,
      );
    }
    return answer;
  };
}
