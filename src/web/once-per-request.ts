import type { IncomingHttpHeaders } from 'node:http';

/**
 * Wraps a function of a request's headers so that it runs once per request however many parts ask
 * (the rate limiter and the operation both need the caller); a rejection is shared the same way.
 */
export function oncePerRequest<T>(resolve: (headers: IncomingHttpHeaders) => Promise<T>): (headers: IncomingHttpHeaders) => Promise<T> {
  const answers = new WeakMap<IncomingHttpHeaders, Promise<T>>();
  return (headers) => {
    let answer = answers.get(headers);
    if (!answer) {
      answer = resolve(headers);
      answers.set(headers, answer);
    }
    return answer;
  };
}
