/**
 * Koa answers an error thrown past every middleware with err.headers only: it removes the headers
 * set before. Headers added here are kept on that answer (the error's own take precedence).
 */
export function keepHeadersOnError(error: unknown, headers: Record<string, string>): void {
  if (typeof error !== 'object' || error === null) return;
  const carrier = error as { headers?: Record<string, string> };
  carrier.headers = { ...headers, ...carrier.headers };
}
