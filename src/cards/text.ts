/**
 * Text of the social cards: drawn by libvips (Pango) from the DejaVu fonts bundled as an npm package
 * (dejavu-fonts-ttf), so a card looks the same on every machine, with or without system fonts. The text is
 * given as Pango markup, so every value is cleaned (control and direction-override characters out) and
 * XML-escaped first; a text too long for its box is cut at a grapheme with an ellipsis, never overflowing.
 */
import { createRequire } from 'node:module';
import { loadSharp } from '../images/sharp.js';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

/** A drawn text: an RGBA PNG no wider than the box it was given, and its size. */
export interface TextImage {
  png: Buffer;
  width: number;
  height: number;
}

export interface TextStyle {
  /** Pixel size of the font. */
  size: number;
  bold?: boolean;
  /** #rrggbb */
  colour: string;
  /** The box's width; lines wrap at words (or within a word too long for a line). */
  width: number;
  /** At most this many lines; what does not fit is cut with an ellipsis. */
  maxLines: number;
}

/**
 * Control characters (C0, DEL, C1), lone surrogates, and the bidirectional embedding, override and isolate
 * controls (which could turn the rest of a card around); right-to-left scripts themselves stay.
 */
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb]|\p{Cs}/gu;

/** A value as it may be drawn: unwanted characters out, runs of white space as one space, trimmed. */
export function cleanText(value: string): string {
  return value.replace(UNWANTED, ' ').replace(/\s+/gu, ' ').trim();
}

/** XML-escaped for Pango markup. */
function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const splitGraphemes = (value: string) => Array.from(graphemes.segment(value), (s) => s.segment);

async function draw(text: string, style: TextStyle): Promise<TextImage> {
  const weight = style.bold ? 'bold' : 'regular';
  const sharp = await loadSharp();
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.colour}">${escapeXml(text)}</span>`,
      font: `DejaVu Sans ${style.bold ? 'Bold ' : ''}${style.size}px`,
      fontfile: FONT_FILES[weight],
      width: style.width,
      dpi: 72,
      rgba: true,
      wrap: 'word-char',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

const lineHeights = new Map<string, Promise<number>>();

/** The height of one line of a style (drawn once per font and size). */
function lineHeight(style: TextStyle): Promise<number> {
  const key = `${style.bold ? 'b' : 'r'}${style.size}`;
  let height = lineHeights.get(key);
  if (!height) {
    height = draw('Ág', { ...style, width: 10_000, maxLines: 1 }).then((image) => image.height);
    lineHeights.set(key, height);
  }
  return height;
}

/**
 * A text drawn in a box of `style.width` and at most `style.maxLines` lines: whole when it fits, else the longest
 * start of it (in graphemes) that fits with "…" after it. Undefined for a text with nothing to draw.
 */
export async function drawText(value: string, style: TextStyle): Promise<TextImage | undefined> {
  const text = cleanText(value);
  if (!text) return undefined;
  const maxHeight = (await lineHeight(style)) * style.maxLines + Math.ceil(style.size / 4);
  const fits = (image: TextImage) => image.height <= maxHeight && image.width <= style.width;
  const whole = await draw(text, style);
  if (fits(whole)) return whole;
  const parts = splitGraphemes(text);
  // No line holds more than about width / (size / 3) characters: start the search from there.
  let high = Math.min(parts.length - 1, Math.ceil((style.width / (style.size / 3)) * style.maxLines));
  let low = 0;
  let best: TextImage | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const image = await draw(`${parts.slice(0, middle).join('').trimEnd()}…`, style);
    if (fits(image)) {
      best = image;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best ?? draw('…', style);
}
