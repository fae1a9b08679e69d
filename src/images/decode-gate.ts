/**
 * One image decoded at a time in the process (issue 52, item 10): a decode of a large image takes about a second and
 * tens of MB, and several at once add up (four 6300 × 6300 PNGs at once added 183 MB). processImage runs its sharp
 * work through this gate, first come first served. A request waits its turn while fewer than `maxWaiting` others
 * wait; beyond that it is refused at once (503 image_decoder_busy, with Retry-After) rather than queued for ever.
 * Background work (the demo seed's drawings, the job that keeps a submitted site's images) always waits: the job
 * queue's own concurrency bounds it. The counts are the launch_image_decodes gauge of /metrics.
 */
import { ProblemError } from '../errors.js';

/** Seconds a refused request is told to wait: about what the work queued ahead of it takes. */
const RETRY_AFTER_SECONDS = 5;

/** Image decoding is at its limit: nothing was done, and trying again in a few seconds is safe. */
export class ImageDecoderBusy extends ProblemError {
  constructor(waiting: number) {
    super({
      status: 503,
      code: 'image_decoder_busy',
      title: 'Image decoding busy',
      detail: `${waiting} images are already waiting to be decoded; nothing was saved. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
}

/** What the gate is doing now, and how often it has refused work since the process started. */
export interface DecodeGateCounts {
  running: number;
  waiting: number;
  refused: number;
}

export class DecodeGate {
  private running = 0;
  private refused = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {}

  /**
   * Runs `work` when its turn comes (after everything that came before it). Throws ImageDecoderBusy, without running
   * it, when `maxWaiting` already wait, unless `background` (such work always waits).
   */
  async run<T>(work: () => Promise<T>, { background = false } = {}): Promise<T> {
    if (this.running < this.maxRunning) this.running++;
    else if (!background && this.waiting.length >= this.maxWaiting) {
      this.refused++;
      throw new ImageDecoderBusy(this.waiting.length);
    } else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over as it is
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  counts(): DecodeGateCounts {
    return { running: this.running, waiting: this.waiting.length, refused: this.refused };
  }
}

/** Requests that may wait behind the decode running: about five seconds of work, and 20 MB of their bytes at most. */
const MAX_WAITING = 4;

/** The process's gate: every decode of processImage passes it. */
export const decodeGate = new DecodeGate(1, MAX_WAITING);
