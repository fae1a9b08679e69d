import type { JobQueue } from './queue.js';
import { type JobRunRecorder, secondsSince } from '../observability/metrics.js';
import { withJobSpan } from '../observability/tracing.js';

/**
 * The job queue with every run of every kind recorded (outcome and duration, by the kind's defined name), each run
 * the root span of a trace of its own.
 * Only define() changes; enqueueing, starting and stopping go straight to the queue.
 */
export function instrumentedJobs(queue: JobQueue, recorder: JobRunRecorder): JobQueue {
  return {
    define(name, handler, options) {
      queue.define(
        name,
        async (data, job) => {
          const started = performance.now();
          try {
            await withJobSpan(name, () => handler(data, job));
            recorder.jobRun(name, 'ok', secondsSince(started));
          } catch (error) {
            recorder.jobRun(name, 'failed', secondsSince(started));
            throw error;
          }
        },
        options,
      );
    },
    enqueue: (name, data) => queue.enqueue(name, data),
    start: () => queue.start(),
    stop: () => queue.stop(),
    idle: (timeoutMs) => queue.idle(timeoutMs),
    check: () => queue.check(),
  };
}
