import { expect } from 'vitest';
import { createLogger, type Logger } from '../../src/logging/logger.js';

type LogLine = Record<string, any>;

/** A logger at the most verbose level whose JSON lines the test reads back. */
export interface CapturedLog {
  logger: Logger;
  /** Everything written so far, as written. */
  text(): string;
  lines(): LogLine[];
  /** The request lines (one per finished request) of one request id. */
  requestLines(requestId: string): LogLine[];
  /** Waits for the request line of a request (it is written when the answer is finished). */
  requestLine(requestId: string): Promise<LogLine>;
}

export function captureLog(): CapturedLog {
  const written: string[] = [];
  const logger = createLogger({ level: 'trace', destination: { write: (line: string) => void written.push(line) } });
  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const requestLines = (requestId: string) => lines().filter((line) => line.request_id === requestId && 'duration_ms' in line);
  return {
    logger,
    text: () => written.join(''),
    lines,
    requestLines,
    async requestLine(requestId) {
      await expect.poll(() => requestLines(requestId).length, { timeout: 2000, interval: 10 }).toBeGreaterThan(0);
      return requestLines(requestId)[0];
    },
  };
}
