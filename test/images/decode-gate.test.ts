/** One image decoded at a time in the process, a few waiting their turn, more refused (issue 52, item 10). */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DecodeGate, decodeGate, ImageDecoderBusy } from '../../src/images/decode-gate.js';
import { processImage } from '../../src/images/process.js';

/** Work that runs until the test lets it finish, noting when it started. */
function heldWork(name: string, log: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the decode gate', () => {
  it('runs one piece of work at a time, first come first served', async () => {
    const gate = new DecodeGate(1, 4);
    const log: string[] = [];
    const works = ['a', 'b', 'c'].map((name) => heldWork(name, log));
    const answers = works.map(({ work }) => gate.run(work));
    await tick();
    expect(log).toEqual(['start a']);
    expect(gate.counts()).toEqual({ running: 1, waiting: 2, refused: 0 });
    works[1]!.finish(); // b may end only once it has run: nothing changes while a runs
    works[0]!.finish();
    await tick();
    await tick();
    works[2]!.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(gate.counts()).toEqual({ running: 0, waiting: 0, refused: 0 });
  });

  it('refuses a request beyond the waiting bound at once, with 503 and Retry-After; background work still waits', async () => {
    const gate = new DecodeGate(1, 2);
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'background'].map((name) => heldWork(name, log));
    const answers = works.slice(0, 3).map(({ work }) => gate.run(work));
    const refused = await gate.run(heldWork('d', log).work).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageDecoderBusy);
    expect(refused).toMatchObject({ status: 503, code: 'image_decoder_busy', headers: { 'Retry-After': '5' } });
    expect((refused as Error).message).toMatch(/2 images are already waiting.*Try again in 5 seconds/);
    const background = gate.run(works[3]!.work, { background: true });
    expect(gate.counts()).toEqual({ running: 1, waiting: 3, refused: 1 });
    for (const { finish } of works) finish();
    expect(await Promise.all([...answers, background])).toEqual(['a', 'b', 'c', 'background']);
    expect(log).not.toContain('start d');
  });

  it('passes a failure on and lets the next work run', async () => {
    const gate = new DecodeGate(1, 1);
    const failing = gate.run(async () => {
      throw new Error('broken image');
    });
    const next = gate.run(async () => 'next');
    await expect(failing).rejects.toThrow('broken image');
    expect(await next).toBe('next');
    expect(gate.counts().running).toBe(0);
  });

  it('holds processImage to it: of six images sent at once, one decodes, four wait, the sixth is refused', async () => {
    const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#118866' } })
      .png()
      .toBuffer();
    const before = decodeGate.counts().refused;
    let mostRunning = 0;
    let mostWaiting = 0;
    const sample = setInterval(() => {
      mostRunning = Math.max(mostRunning, decodeGate.counts().running);
      mostWaiting = Math.max(mostWaiting, decodeGate.counts().waiting);
    }, 1);
    try {
      const answers = await Promise.allSettled(Array.from({ length: 6 }, () => processImage(png, 'screenshot')));
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
      expect((answers[5] as PromiseRejectedResult).reason).toBeInstanceOf(ImageDecoderBusy);
    } finally {
      clearInterval(sample);
    }
    expect(mostRunning).toBe(1);
    expect(mostWaiting).toBe(4);
    expect(decodeGate.counts()).toEqual({ running: 0, waiting: 0, refused: before + 1 });
  });
});
