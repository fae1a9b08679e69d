/**
 * The demo directory's logos: a monogram per listing (its initials on a colour derived from its slug), drawn as an
 * SVG of squares from a 5 × 7 pixel font, so that it needs no font installed and looks the same on every machine
 * and every run. The SVG goes through the same processing as any image (src/images).
 */

/** Rows of a 5 × 7 glyph, top to bottom; a 1 is a filled cell. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

/** Up to two initials: of the first two words, else the first two letters or digits of the name. */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const initials = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '').slice(0, 2);
  return initials || 'X';
}

/** A stable hue for a slug (FNV-1a hash), 0 to 359. */
export function hueOf(slug: string): number {
  let hash = 0x811c9dc5;
  for (const char of slug) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 360;
}

/** The colour of a hue the demo draws with, dark enough for white letters. */
export const colourOfHue = (hue: number): string => hslToHex(hue, 0.55, 0.42);

/** A stable colour for a slug, dark enough for white letters. */
export const colourOf = (slug: string): string => colourOfHue(hueOf(slug));

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const SIDE = 256;
const CELL = 16;
const GAP = 16;

/** The width of `length` letters of the 5 × 7 font drawn with cells of `cell`, letters `gap` apart. */
const pixelTextWidth = (length: number, cell: number, gap: number): number => length * 5 * cell + Math.max(0, length - 1) * gap;

/**
 * The squares (SVG rects, no fill of their own) that draw `text` in the 5 × 7 font from its top left corner (x, y),
 * with cells of `cell` and letters `gap` apart; a space leaves a gap, and a character the font lacks is drawn as an X.
 */
export function pixelText(text: string, x: number, y: number, cell: number, gap: number): string {
  const cells: string[] = [];
  [...text].forEach((letter, index) => {
    const rows = GLYPHS[letter] ?? GLYPHS.X;
    const x0 = x + index * (5 * cell + gap);
    rows.forEach((row, dy) => {
      for (let dx = 0; dx < 5; dx++)
        if (row[dx] === '1') cells.push(`<rect x="${x0 + dx * cell}" y="${y + dy * cell}" width="${cell}" height="${cell}"/>`);
    });
  });
  return cells.join('');
}

/** The monogram of a listing as an SVG of 256 × 256. */
export function monogramSvg(name: string, slug: string): string {
  const letters = initialsOf(name);
  const left = (SIDE - pixelTextWidth(letters.length, CELL, GAP)) / 2;
  const top = (SIDE - 7 * CELL) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">
<rect width="${SIDE}" height="${SIDE}" rx="48" fill="${colourOf(slug)}"/><g fill="#ffffff">${pixelText(letters, left, top, CELL, GAP)}</g></svg>`;
}
