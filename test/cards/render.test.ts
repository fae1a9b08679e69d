import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CardCache } from '../../src/cards/card-cache.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { listingTag } from '../../src/catalogue/listing-changes.js';
import { type CardData, renderCard } from '../../src/cards/render.js';
import { cleanText, drawText } from '../../src/cards/text.js';

/**
 * The drawing of social cards: every kind is a 1200 × 630 PNG; hostile names and taglines (markup, entities, control
 * and direction-override characters, right-to-left text, emoji, 300 characters) are drawn as text, cut to their box.
 * And the cache of drawn cards: bounded in bytes, dropping the cards of changed listings.
 */
const HOSTILE = '<script>alert(1)</script> &amp; & "\' ]]> <!-- \u0000\u0007\u001b[31m \u202eevil\u202c مرحبا بالعالم שלום 🚀👩‍👩‍👧 ';
const LONG = 'A tagline that goes on and on '.repeat(10); // 300 characters
const SITE = 'Launch Directory';

const KINDS: CardData[] = [
  {
    kind: 'listing',
    siteName: SITE,
    slug: 'acme',
    name: 'Acme',
    tagline: 'Rockets, delivered.',
    category: 'Tools',
    votes: 12,
    rank: 1,
    week: '2026-11-16',
  },
  { kind: 'listing', siteName: HOSTILE, slug: 'evil', name: HOSTILE, tagline: LONG + HOSTILE, category: HOSTILE, votes: 0 },
  { kind: 'listing', siteName: SITE, slug: 'x', name: '', tagline: '', category: '', votes: 1, logo: Buffer.from('not an image') },
  {
    kind: 'week',
    siteName: SITE,
    label: 'Week 47, 2026',
    start: '2026-11-16',
    end: '2026-11-22',
    total: 4,
    launches: [
      { rank: 1, name: HOSTILE, votes: 3 },
      { rank: 2, name: LONG, votes: 2 },
      { rank: 3, name: 'Zed', votes: 1 },
    ],
  },
  { kind: 'week', siteName: SITE, label: 'Week 48, 2026', start: '2026-11-23', end: '2026-11-29', total: 0, launches: [] },
  {
    kind: 'award',
    siteName: SITE,
    title: 'Launch of the Week #1',
    week: '2026-11-16',
    votes: 40,
    slug: 'evil',
    name: HOSTILE,
    tagline: LONG,
  },
  { kind: 'blog', siteName: SITE, title: LONG, excerpt: HOSTILE + LONG, author: HOSTILE, date: '2026-11-20' },
];

/** Pixels of a region that differ from the region's first pixel: drawn text or shapes. */
async function inkIn(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(png).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 150 && g > 150 && b > 150) ink += 1; // light text on the dark background
  }
  return ink;
}

describe('social cards', () => {
  it.each(KINDS.map((card, i) => [`${card.kind} ${i}`, card] as const))('%s is a 1200 × 630 PNG', async (_, card) => {
    const png = await renderCard(card);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('draws the title as text, light on the dark background', async () => {
    const png = await renderCard(KINDS[0]);
    expect(await inkIn(png, { left: 260, top: 130, width: 800, height: 160 })).toBeGreaterThan(500);
    const blank = await renderCard({ ...(KINDS[0] as Extract<CardData, { kind: 'listing' }>), name: ' ' });
    expect(await inkIn(blank, { left: 260, top: 130, width: 800, height: 160 })).toBe(0);
  });

  it('cuts a text too long for its box with an ellipsis, never past it', async () => {
    const style = { size: 40, colour: '#ffffff', width: 600, maxLines: 2 };
    const line = await drawText('Ágy', { ...style, maxLines: 1 });
    const long = await drawText(`${'word '.repeat(200)}${'x'.repeat(500)}`, style);
    expect(long!.width).toBeLessThanOrEqual(600);
    expect(long!.height).toBeLessThanOrEqual(line!.height * 2 + 10);
    expect(await drawText(' \u0000 \u202e ', style)).toBeUndefined();
  });

  it('takes out control and direction-override characters, keeps right-to-left text', () => {
    expect(cleanText('a\u0000b\u202ec\u2067d\n\te  f')).toBe('a b c d e f');
    expect(cleanText('مرحبا')).toBe('مرحبا');
  });
});

describe('the card cache', () => {
  const card = (key: string, bytes = 10) => ({ key, png: Buffer.alloc(bytes) });

  it('drops the cards of changed listings, and everything on a change too large to name', () => {
    const changes = new ChangeNotifications();
    const cache = new CardCache(changes);
    cache.set(card('a'), [1]);
    cache.set(card('b'), [1, 2]);
    cache.set(card('c'), []);
    changes.invalidate([listingTag(2)]);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    changes.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps its cards while change notifications are not heard (a card is kept under the hash of what it shows)', () => {
    const changes = new ChangeNotifications();
    const cache = new CardCache(changes);
    changes.setListening(true);
    cache.set(card('a'), [1]);
    changes.setListening(false);
    expect(cache.get('a')).toBeTruthy();
  });

  it('keeps at most its bytes, the least recently used going first', () => {
    const cache = new CardCache(new ChangeNotifications(), 30);
    cache.set(card('a'), [1]);
    cache.set(card('b'), [1]);
    cache.set(card('c'), [1]);
    cache.get('a');
    cache.set(card('d'), [1]);
    expect(['a', 'b', 'c', 'd'].map((key) => Boolean(cache.get(key)))).toEqual([true, false, true, true]);
    cache.set(card('huge', 31), [1]);
    expect(cache.get('huge')).toBeUndefined();
  });
});
