/**
 * Social cards (Open Graph images): 1200 × 630 PNGs drawn from an object's own data. The background and shapes are
 * an SVG with no text and no value of the object in it; every text is drawn apart (./text.ts) and laid over it,
 * as is a logo the service keeps (never an image of another origin). A listing without a kept logo gets a monogram.
 */
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../images/sharp.js';
import { drawText, type TextImage, type TextStyle } from './text.js';

const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;
const MARGIN = 72;
const INNER = CARD_WIDTH - 2 * MARGIN;

const WHITE = '#ffffff';
const SOFT = '#d9dbff';
const MUTED = '#a9acdf';
const GOLD = '#ffd66b';

/** Colours of monograms, dark enough for white letters (as the site's .mono classes). */
const MONOGRAM_COLOURS = ['#3a3ad0', '#0f6e5a', '#8a3ea8', '#b0362e', '#1f67a0', '#725400', '#a3316f', '#3f6212'];

/** A listing as its card shows it. */
interface ListingCardData {
  kind: 'listing';
  siteName: string;
  slug: string;
  name: string;
  tagline: string;
  category: string;
  votes: number;
  /** Its rank in its launch week by votes (live listings only). */
  rank?: number;
  week?: string;
  /** The kept logo's bytes (any format sharp reads), when it has one. */
  logo?: Buffer;
}

/** A launch week: its label and its leading launches. */
interface WeekCardData {
  kind: 'week';
  siteName: string;
  label: string;
  start: string;
  end: string;
  launches: { rank: number; name: string; votes: number }[];
  total: number;
}

/** A Launch of the Week award. */
interface AwardCardData {
  kind: 'award';
  siteName: string;
  title: string;
  week: string;
  votes: number;
  slug: string;
  name: string;
  tagline: string;
  logo?: Buffer;
}

interface BlogCardData {
  kind: 'blog';
  siteName: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
}

export type CardData = ListingCardData | WeekCardData | AwardCardData | BlogCardData;

/** A layer of the card: a drawn text or image, placed at a point. */
interface Layer {
  image: TextImage;
  left: number;
  top: number;
}

const text = async (value: string, left: number, top: number, style: TextStyle): Promise<Layer[]> => {
  const image = await drawText(value, style);
  return image ? [{ image, left, top }] : [];
};

/** The card's background: a gradient, a band at the bottom and a frame; `extra` adds shapes (SVG, no text). */
function background(extra = ''): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#17173d"/><stop offset="1" stop-color="#2c2c86"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<rect x="0" y="0" width="${CARD_WIDTH}" height="10" fill="#6c6cff"/>
<rect x="0" y="${CARD_HEIGHT - 110}" width="${CARD_WIDTH}" height="110" fill="#0f0f2a" fill-opacity="0.55"/>
${extra}</svg>`);
}

/** A square logo with rounded corners: the kept logo, else a monogram of the name on the slug's colour. */
async function logoLayers(logo: Buffer | undefined, name: string, slug: string, left: number, top: number, size: number): Promise<Layer[]> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${Math.round(size * 0.22)}"/></svg>`,
  );
  const sharp = await loadSharp();
  if (logo) {
    try {
      const png = await sharp(logo)
        .resize(size, size, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer();
      return [{ image: { png, width: size, height: size }, left, top }];
    } catch {
      // An unreadable logo: the monogram stands in.
    }
  }
  const colour = MONOGRAM_COLOURS[hashOf(slug) % MONOGRAM_COLOURS.length];
  const square = await sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  const layers: Layer[] = [{ image: { png: square, width: size, height: size }, left, top }];
  const letters = await drawText(initialsOf(name, slug), {
    size: Math.round(size * 0.42),
    bold: true,
    colour: WHITE,
    width: size,
    maxLines: 1,
  });
  if (letters) {
    layers.push({
      image: letters,
      left: left + Math.max(0, Math.round((size - letters.width) / 2)),
      top: top + Math.max(0, Math.round((size - letters.height) / 2)),
    });
  }
  return layers;
}

/** Up to two initials (letters or digits) of the name's first two words; the slug's first letter if none. */
function initialsOf(name: string, slug: string): string {
  const words = name.split(/\s+/u).map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '');
  const initials = words.filter(Boolean).slice(0, 2).join('');
  return (initials || slug.slice(0, 1) || '?').toLocaleUpperCase('en');
}

/** FNV-1a of a string. */
function hashOf(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

const votesText = (votes: number) => `${votes.toLocaleString('en-US')} vote${votes === 1 ? '' : 's'}`;
const header = (siteName: string, label: string) =>
  Promise.all([
    text(siteName, MARGIN, 48, { size: 30, bold: true, colour: SOFT, width: 640, maxLines: 1 }),
    text(label, 760, 52, { size: 26, colour: MUTED, width: CARD_WIDTH - 760 - MARGIN, maxLines: 1 }).then(alignRight),
  ]).then((parts) => parts.flat());
/** A layer moved so that its right edge is on the card's right margin. */
const alignRight = (layers: Layer[]) => layers.map((l) => ({ ...l, left: CARD_WIDTH - MARGIN - l.image.width }));
/** A line in the band at the bottom. */
const footer = (value: string, colour = WHITE) =>
  text(value, MARGIN, CARD_HEIGHT - 78, { size: 36, bold: true, colour, width: INNER, maxLines: 1 });

async function listingLayers(card: ListingCardData): Promise<Layer[]> {
  const logoSize = 176;
  const rank = card.rank && card.week ? ` · #${card.rank} in the week of ${card.week}` : '';
  const parts = await Promise.all([
    header(card.siteName, card.category),
    logoLayers(card.logo, card.name, card.slug, MARGIN, 136, logoSize),
    text(card.name, MARGIN + logoSize + 40, 140, { size: 64, bold: true, colour: WHITE, width: INNER - logoSize - 40, maxLines: 2 }),
    text(card.tagline, MARGIN, 346, { size: 38, colour: SOFT, width: INNER, maxLines: 3 }),
    footer(`▲ ${votesText(card.votes)}${rank}`),
  ]);
  return parts.flat();
}

async function weekLayers(card: WeekCardData): Promise<Layer[]> {
  const rows = card.launches.slice(0, 3);
  const parts = await Promise.all([
    header(card.siteName, `${card.start} – ${card.end}`),
    text(card.label, MARGIN, 118, { size: 72, bold: true, colour: WHITE, width: INNER, maxLines: 1 }),
    ...rows.map((row, i) =>
      Promise.all([
        text(`#${row.rank}`, MARGIN, 250 + i * 82, { size: 44, bold: true, colour: GOLD, width: 110, maxLines: 1 }),
        text(row.name, MARGIN + 120, 250 + i * 82, { size: 44, bold: true, colour: WHITE, width: INNER - 120 - 260, maxLines: 1 }),
        text(votesText(row.votes), 0, 256 + i * 82, { size: 36, colour: SOFT, width: 250, maxLines: 1 }).then(alignRight),
      ]).then((p) => p.flat()),
    ),
    rows.length === 0 ? text('No launches yet.', MARGIN, 250, { size: 44, colour: SOFT, width: INNER, maxLines: 1 }) : [],
    footer(`${card.total.toLocaleString('en-US')} launch${card.total === 1 ? '' : 'es'} · ranked by community votes`),
  ]);
  return parts.flat();
}

async function awardLayers(card: AwardCardData): Promise<Layer[]> {
  const logoSize = 150;
  const parts = await Promise.all([
    header(card.siteName, `Week of ${card.week}`),
    text(`★ ${card.title}`, MARGIN, 112, { size: 54, bold: true, colour: GOLD, width: INNER, maxLines: 1 }),
    logoLayers(card.logo, card.name, card.slug, MARGIN, 210, logoSize),
    text(card.name, MARGIN + logoSize + 36, 214, { size: 56, bold: true, colour: WHITE, width: INNER - logoSize - 36, maxLines: 2 }),
    text(card.tagline, MARGIN, 390, { size: 34, colour: SOFT, width: INNER, maxLines: 2 }),
    footer(`${card.votes.toLocaleString('en-US')} counted vote${card.votes === 1 ? '' : 's'} · decided by the community`),
  ]);
  return parts.flat();
}

async function blogLayers(card: BlogCardData): Promise<Layer[]> {
  const parts = await Promise.all([
    header(card.siteName, 'Blog'),
    text(card.title, MARGIN, 120, { size: 62, bold: true, colour: WHITE, width: INNER, maxLines: 3 }),
    text(card.excerpt, MARGIN, 360, { size: 34, colour: SOFT, width: INNER, maxLines: 3 }),
    footer(`${card.author} · ${card.date}`, SOFT),
  ]);
  return parts.flat();
}

const LAYERS: { [K in CardData['kind']]: (card: Extract<CardData, { kind: K }>) => Promise<Layer[]> } = {
  listing: listingLayers,
  week: weekLayers,
  award: awardLayers,
  blog: blogLayers,
};

/** The card of an object: a 1200 × 630 PNG. */
export async function renderCard(card: CardData): Promise<Buffer> {
  const layers = await (LAYERS[card.kind] as (card: CardData) => Promise<Layer[]>)(card);
  const sharp = await loadSharp();
  const overlays: OverlayOptions[] = [];
  for (const { image, left, top } of layers) {
    // Every layer is drawn inside the card already; one that would reach past an edge is cropped to it.
    const width = Math.min(image.width, CARD_WIDTH - left);
    const height = Math.min(image.height, CARD_HEIGHT - top);
    if (width <= 0 || height <= 0) continue;
    const input =
      width === image.width && height === image.height
        ? image.png
        : await sharp(image.png).extract({ left: 0, top: 0, width, height }).png().toBuffer();
    overlays.push({ input, left, top });
  }
  return sharp(background()).composite(overlays).png({ compressionLevel: 9 }).toBuffer();
}
