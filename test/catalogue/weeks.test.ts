import { describe, expect, it } from 'vitest';
import { resolveWeek, todayIn } from '../../src/catalogue/weeks.js';

describe('todayIn', () => {
  it('turns at each zone midnight, also for zones a quarter hour off, whatever was asked before', () => {
    const at = (iso: string, zone: string) => todayIn(new Date(iso), zone);
    expect(at('2026-11-27T23:59:59.999Z', 'UTC')).toBe('2026-11-27');
    expect(at('2026-11-28T00:00:00.000Z', 'UTC')).toBe('2026-11-28');
    // The same instant in other zones, and an earlier minute of UTC asked again after a later one.
    expect(at('2026-11-28T00:00:00.000Z', 'America/Los_Angeles')).toBe('2026-11-27');
    expect(at('2026-11-27T11:00:00.000Z', 'Pacific/Auckland')).toBe('2026-11-28');
    expect(at('2026-11-27T23:59:00.000Z', 'UTC')).toBe('2026-11-27');
    // Kathmandu is UTC+5:45: midnight falls at 18:15 UTC.
    expect(at('2026-11-27T18:14:59.999Z', 'Asia/Kathmandu')).toBe('2026-11-27');
    expect(at('2026-11-27T18:15:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-28');
    expect(at('2026-11-27T18:14:30.000Z', 'Asia/Kathmandu')).toBe('2026-11-27');
  });

  it('follows a change of summer time: the week turns at the zone midnight after it', () => {
    // Europe/Berlin left summer time on 2026-10-25 (03:00 CEST → 02:00 CET); Monday 2026-10-26 begins at 23:00 UTC.
    expect(todayIn(new Date('2026-10-25T22:59:59Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(todayIn(new Date('2026-10-25T23:00:00Z'), 'Europe/Berlin')).toBe('2026-10-26');
    expect(resolveWeek('this', new Date('2026-10-25T23:00:00Z'), 'Europe/Berlin').start).toBe('2026-10-26');
    expect(resolveWeek('this', new Date('2026-10-25T22:59:59Z'), 'Europe/Berlin').start).toBe('2026-10-19');
  });
});
