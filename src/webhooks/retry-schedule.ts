/**
 * The waits between a delivery's attempts: doubling from `firstMs`, the last one ending exactly `windowMs`
 * after the first attempt (by default 30 s, 1 min, 2 min, … about 8.5 h, then the rest of the 24 hours:
 * 13 attempts in all).
 */
export function retrySchedule(firstMs: number, windowMs: number): number[] {
  if (!(firstMs > 0) || !(windowMs >= firstMs)) throw new Error('the retry schedule needs 0 < firstMs <= windowMs');
  const waits: number[] = [];
  let waited = 0;
  for (let wait = firstMs; waited + wait < windowMs; wait *= 2) {
    waits.push(wait);
    waited += wait;
  }
  waits.push(windowMs - waited);
  return waits;
}

export const DEFAULT_RETRY = { firstMs: 30_000, windowMs: 24 * 60 * 60_000 };
