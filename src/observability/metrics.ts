import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The service's Prometheus metrics: one prom-client Registry per app instance (never the global default
 * registry, so several apps in one process do not collide), with the process's own metrics in it.
 * Every label takes values from a bounded set: route templates or fixed surface names, status classes,
 * tool and job names as defined in code, fixed outcomes. No slug, id, raw path or user input is a label.
 */

/** Where a tool call came from. */
export type ToolSurface = 'rest' | 'mcp' | 'console' | 'site';

/** What a webhook delivery attempt came to. */
type DeliveryOutcome = 'delivered' | 'failed' | 'gone' | 'unreachable';

/** Records tool calls (the registry's invokeTool). */
export interface ToolCallRecorder {
  toolCall(tool: string, surface: ToolSurface, outcome: string, seconds: number): void;
}

/** Records the runs of background jobs (the job queue's wrapper). */
export interface JobRunRecorder {
  jobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

/** Records webhook delivery attempts. */
export interface DeliveryRecorder {
  delivery(outcome: DeliveryOutcome): void;
}

/** Records how long the drafting pipeline's crawls and drafts took. */
export interface DraftingRecorder {
  crawl(outcome: 'ok' | 'failed', seconds: number): void;
  draft(drafter: string, outcome: 'ok' | 'failed', seconds: number): void;
}

/** The counts the gauges report, read once per scrape. */
export interface ScrapedCounts {
  /** Jobs due and waiting for a worker. */
  jobsDue: number;
  jobsRunning: number;
  /** Rows in job_outbox: jobs committed but not yet handed to the queue. */
  outbox: number;
  disabledWebhooks: number;
}

/** What the gauges read on each scrape. */
export interface ScrapeSources {
  /** One cheap, bounded read of every count. */
  counts(): Promise<ScrapedCounts>;
  /** The database pool's connections; absent on the embedded engine (one in-process connection, no pool). */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** This process's image decode gate (src/images/decode-gate.ts): decodes running and waiting, and those refused so far. */
  imageDecodes?(): { running: number; waiting: number; refused: number };
}

export interface Metrics extends ToolCallRecorder, JobRunRecorder, DeliveryRecorder, DraftingRecorder {
  readonly registry: Registry;
  /** One answered HTTP request: route is a template or surface name, never a raw path. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
}

const PREFIX = 'launch_';
const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SLOW_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

/** A status as its class ("2xx" ... "5xx"); bounded whatever a handler sets. */
const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

/** Builds this instance's registry and instruments; the gauges read `sources` when scraped. */
export function createMetrics(sources: ScrapeSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const httpRequest = httpRequestRecorder(registers);
  const tools = toolCallRecorder(registers);
  const jobs = jobRunRecorder(registers);
  const pipeline = pipelineRecorders(registers);
  scrapeGauges(registry, sources);
  return { registry, httpRequest, ...tools, ...jobs, ...pipeline };
}

/** HTTP requests answered: a count by method, route and status class, and the time each took. */
function httpRequestRecorder(registers: Registry[]): Metrics['httpRequest'] {
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template (or surface) and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method and route template (or surface).',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  return (method, route, status, seconds) => {
    const m = STANDARD_METHODS.has(method) ? method : 'other';
    requests.inc({ method: m, route, status: statusClass(status) });
    latency.observe({ method: m, route }, seconds);
  };
}

/** Tool calls: a count by tool, surface and outcome, and the time each took. */
function toolCallRecorder(registers: Registry[]): ToolCallRecorder {
  const toolCalls = new Counter({
    name: `${PREFIX}tool_calls_total`,
    help: 'Tool calls by tool, surface (rest, mcp, console) and outcome (ok, or the problem status).',
    labelNames: ['tool', 'surface', 'outcome'] as const,
    registers,
  });
  const toolLatency = new Histogram({
    name: `${PREFIX}tool_call_duration_seconds`,
    help: 'Time a tool call took, by tool.',
    labelNames: ['tool'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  return {
    toolCall(tool, surface, outcome, seconds) {
      toolCalls.inc({ tool, surface, outcome });
      toolLatency.observe({ tool }, seconds);
    },
  };
}

/** Background job runs: a count by job and outcome, and the time each took. */
function jobRunRecorder(registers: Registry[]): JobRunRecorder {
  const jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Background job runs (attempts) by job kind and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobLatency = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Time a job run took, by job kind.',
    labelNames: ['job'] as const,
    buckets: SLOW_BUCKETS,
    registers,
  });
  return {
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobLatency.observe({ job }, seconds);
    },
  };
}

/** Webhook deliveries by outcome, and the drafting pipeline's crawl and draft times. */
function pipelineRecorders(registers: Registry[]): DeliveryRecorder & DraftingRecorder {
  const deliveries = new Counter({
    name: `${PREFIX}webhook_deliveries_total`,
    help: 'Webhook delivery attempts by outcome (delivered, failed, gone, unreachable).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const crawls = new Histogram({
    name: `${PREFIX}crawl_duration_seconds`,
    help: 'Time a submitted site took to crawl, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: SLOW_BUCKETS,
    registers,
  });
  const drafts = new Histogram({
    name: `${PREFIX}draft_duration_seconds`,
    help: 'Time the drafter took to propose a profile, by drafter kind and outcome.',
    labelNames: ['drafter', 'outcome'] as const,
    buckets: SLOW_BUCKETS,
    registers,
  });
  return {
    delivery: (outcome) => deliveries.inc({ outcome }),
    crawl: (outcome, seconds) => crawls.observe({ outcome }, seconds),
    draft: (drafter, outcome, seconds) => drafts.observe({ drafter, outcome }, seconds),
  };
}

/**
 * The gauges computed on scrape: the database pool (registered first, so it is read before this scrape's
 * own query takes a connection), then queue depth, outbox size and disabled webhooks from one read.
 */
function scrapeGauges(registry: Registry, sources: ScrapeSources): void {
  const registers = [registry];
  const poolUse = sources.poolUse;
  // The embedded engine has one in-process connection and no pool: the gauge is left out there.
  if (poolUse)
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'The database pool: connections open (state=total), idle (state=idle), and requests waiting for one (state=waiting).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  if (sources.imageDecodes) imageDecodeGauges(registers, sources.imageDecodes);
  const counts = oncePerScrape(() => sources.counts());
  new Gauge({
    name: `${PREFIX}job_queue_depth`,
    help: 'Jobs due and waiting for a worker (state=due) and jobs running (state=running), all instances.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const { jobsDue, jobsRunning } = await counts();
      this.set({ state: 'due' }, jobsDue);
      this.set({ state: 'running' }, jobsRunning);
    },
  });
  new Gauge({
    name: `${PREFIX}job_outbox_size`,
    help: 'Jobs committed but not yet handed to the queue (job_outbox rows); growing means the relay is stuck.',
    registers,
    async collect() {
      this.set((await counts()).outbox);
    },
  });
  new Gauge({
    name: `${PREFIX}webhooks_disabled`,
    help: 'Webhooks disabled after failing deliveries.',
    registers,
    async collect() {
      this.set((await counts()).disabledWebhooks);
    },
  });
}

/** The image decode gate: one decode runs at a time, a few requests wait, more are refused (503 image_decoder_busy). */
function imageDecodeGauges(registers: Registry[], read: NonNullable<ScrapeSources['imageDecodes']>): void {
  new Gauge({
    name: `${PREFIX}image_decodes`,
    help: 'Image decodes in this process: running (state=running, at most one) and waiting their turn (state=waiting).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { running, waiting } = read();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Counter({
    name: `${PREFIX}image_decodes_refused_total`,
    help: 'Image decodes refused because too many were already waiting (503 image_decoder_busy), since the process started.',
    registers,
    collect() {
      this.reset();
      this.inc(read().refused);
    },
  });
}

/** Shares one read between the gauges of a scrape: callers while it runs get the same promise. */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** Seconds since `started` (a performance.now() reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;
