import type { JobQueue } from './queue.js';

export interface DeferredJobQueue extends JobQueue {
  /** Hands the held jobs to the queue, in the order they were enqueued. */
  flush(): Promise<void>;
}

/**
 * A JobQueue that holds enqueued jobs until flush(): the jobs of an operation that runs in a
 * transaction go out only after it committed, so no worker looks for rows that are not visible
 * yet, and the jobs of a rolled-back operation are dropped with it.
 */
export function deferEnqueues(jobs: JobQueue): DeferredJobQueue {
  const held: { name: string; data: object }[] = [];
  return {
    define: (name, handler, options) => jobs.define(name, handler, options),
    async enqueue(name, data) {
      held.push({ name, data });
    },
    start: () => jobs.start(),
    stop: () => jobs.stop(),
    idle: (timeoutMs) => jobs.idle(timeoutMs),
    check: () => jobs.check(),
    async flush() {
      for (const job of held.splice(0)) await jobs.enqueue(job.name, job.data);
    },
  };
}
