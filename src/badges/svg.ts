import { badgeDimensions, SHAPE_BOX, type BadgeShape, type BadgeVariant } from './variants.js';
import { xmlSafe } from '../text/xml-text.js';

export interface BadgeSvgInput extends BadgeVariant {
  listingName: string;
  votes: number;
  siteName: string;
}

interface Palette {
  background: string;
  border: string;
  text: string;
  muted: string;
  accent: string;
  onAccent: string;
}

const PALETTES: Record<'light' | 'dark', Palette> = {
  light: { background: '#ffffff', border: '#e4e4e7', text: '#18181b', muted: '#71717a', accent: '#ea580c', onAccent: '#ffffff' },
  dark: { background: '#18181b', border: '#3f3f46', text: '#fafafa', muted: '#a1a1aa', accent: '#fb923c', onAccent: '#18181b' },
};

/** Vote counts as shown: 87, 1.2K, 15K. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

const FONT = `font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;

/**
 * A listing's badge as a standalone SVG document. Colours come from CSS classes, so mode auto is the light
 * palette with the dark one under a prefers-color-scheme media query. Every text is XML-escaped.
 */
export function renderBadgeSvg(input: BadgeSvgInput): string {
  const { width, height } = badgeDimensions(input.shape, input.size);
  const box = SHAPE_BOX[input.shape];
  const listing = plain(input.listingName);
  const site = plain(input.siteName);
  const title = `${listing}, featured on ${site} with ${input.votes} ${input.votes === 1 ? 'vote' : 'votes'}`;
  const content = { listing, site, votes: compact.format(input.votes) };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${box.width} ${box.height}" role="img">` +
    `<title>${xml(title)}</title>` +
    `<style>${styles(input.mode)}</style>` +
    DRAW[input.shape](content) +
    '</svg>'
  );
}

interface Content {
  listing: string;
  site: string;
  /** Already shortened for display, e.g. 1.2K. */
  votes: string;
}

/** Each shape drawn in its own viewBox (SHAPE_BOX); class names pick palette colours (see styles). */
const DRAW: Record<BadgeShape, (c: Content) => string> = {
  standard: (c) =>
    '<rect class="bg bd" x="0.5" y="0.5" width="249" height="53" rx="10"/>' +
    launchIcon(28, 27, 17) +
    text(54, 23, { size: 9.5, weight: 600, cls: 'mu', spacing: 0.8, maxWidth: 136 }, 'FEATURED ON') +
    text(54, 41, { size: 16, weight: 700, cls: 'tx', maxWidth: 136 }, fit(c.site, 20)) +
    '<path class="bd" d="M200 12V42"/>' +
    upArrow(225, 20, 5, 'ac') +
    text(225, 41, { size: 15, weight: 700, cls: 'tx', anchor: 'middle', maxWidth: 42 }, c.votes),
  outline: (c) =>
    '<rect class="ol" x="1" y="1" width="248" height="52" rx="10" fill="none" stroke-width="2"/>' +
    '<circle class="ol" cx="28" cy="27" r="16" fill="none" stroke-width="2"/>' +
    upArrow(28, 27, 7, 'ac') +
    text(54, 23, { size: 9.5, weight: 600, cls: 'mu', spacing: 0.8, maxWidth: 136 }, 'FEATURED ON') +
    text(54, 41, { size: 16, weight: 700, cls: 'tx', maxWidth: 136 }, fit(c.site, 20)) +
    '<path class="ol" d="M200 12V42" stroke-width="1.5"/>' +
    upArrow(225, 20, 5, 'ac') +
    text(225, 41, { size: 15, weight: 700, cls: 'ac', anchor: 'middle', maxWidth: 42 }, c.votes),
  pill: (c) =>
    '<rect class="bg bd" x="0.5" y="0.5" width="299" height="35" rx="17.5"/>' +
    '<path class="ac" d="M18 0H76V36H18A18 18 0 0 1 18 0Z"/>' +
    upArrow(22, 18, 4.5, 'on') +
    text(49, 23, { size: 13, weight: 700, cls: 'on', anchor: 'middle', maxWidth: 40 }, c.votes) +
    text(88, 23, { size: 12, weight: 600, cls: 'tx', maxWidth: 196 }, `Featured on ${fit(c.site, 24)}`),
  banner: (c) =>
    '<rect class="bg bd" x="0.5" y="0.5" width="419" height="71" rx="12"/>' +
    launchIcon(38, 36, 22) +
    text(74, 33, { size: 19, weight: 700, cls: 'tx', maxWidth: 256 }, fit(c.listing, 30)) +
    text(74, 53, { size: 13, weight: 500, cls: 'mu', maxWidth: 256 }, `Featured on ${fit(c.site, 32)}`) +
    '<rect class="ac" x="344" y="12" width="64" height="48" rx="9"/>' +
    upArrow(376, 25, 5.5, 'on') +
    text(376, 51, { size: 17, weight: 700, cls: 'on', anchor: 'middle', maxWidth: 56 }, c.votes),
  square: (c) =>
    '<rect class="bg bd" x="0.5" y="0.5" width="99" height="99" rx="16"/>' +
    launchIcon(50, 28, 16) +
    text(50, 67, { size: 22, weight: 800, cls: 'tx', anchor: 'middle', maxWidth: 84 }, c.votes) +
    text(50, 85, { size: 9.5, weight: 600, cls: 'mu', anchor: 'middle', maxWidth: 84 }, fit(c.site, 20)),
};

/** The service's mark: an upward arrow in an accent circle. */
function launchIcon(cx: number, cy: number, r: number): string {
  return `<circle class="ac" cx="${cx}" cy="${cy}" r="${r}"/>${upArrow(cx, cy, r * 0.42, 'on')}`;
}

function upArrow(cx: number, cy: number, half: number, cls: string): string {
  const top = round(cy - half);
  const bottom = round(cy + half * 0.7);
  return `<path class="${cls}" d="M${cx} ${top}L${round(cx + half)} ${bottom}H${round(cx - half)}Z"/>`;
}

interface TextStyle {
  size: number;
  weight: number;
  cls: string;
  /** Room on the badge; text likely to be wider is condensed to fit it. */
  maxWidth: number;
  anchor?: 'middle';
  spacing?: number;
}

function text(x: number, y: number, style: TextStyle, content: string): string {
  const anchor = style.anchor ? ` text-anchor="${style.anchor}"` : '';
  const spacing = style.spacing ? ` letter-spacing="${style.spacing}"` : '';
  const fitted = likelyWidth(content, style) > style.maxWidth ? ` textLength="${style.maxWidth}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<text class="${style.cls}" x="${x}" y="${y}" font-size="${style.size}" font-weight="${style.weight}"${anchor}${spacing}${fitted}>` +
    `${xml(content)}</text>`
  );
}

/**
 * A generous estimate of the rendered width: the viewer's font is unknown, so this errs towards wide
 * sans-serif faces (capitals and digits about 0.7em, lower case about 0.58em, bold a little wider).
 */
function likelyWidth(content: string, style: TextStyle): number {
  const ems = Array.from(content).reduce(
    (sum, ch) => sum + (ch === ' ' ? 0.32 : /[A-Z0-9]/.test(ch) ? 0.7 : /[a-z]/.test(ch) ? 0.58 : 0.75),
    0,
  );
  const boldness = style.weight >= 600 ? 1.08 : 1;
  return ems * style.size * boldness + Array.from(content).length * (style.spacing ?? 0);
}

function styles(mode: BadgeVariant['mode']): string {
  const base = `text{${FONT}}`;
  if (mode === 'auto') return `${base}${colours(PALETTES.light)}@media (prefers-color-scheme:dark){${colours(PALETTES.dark)}}`;
  return base + colours(PALETTES[mode]);
}

function colours(p: Palette): string {
  return (
    `.bg{fill:${p.background}}.bd{stroke:${p.border}}.tx{fill:${p.text}}.mu{fill:${p.muted}}` +
    `.ac{fill:${p.accent}}.ol{stroke:${p.accent}}.on{fill:${p.onAccent}}`
  );
}

/** One line of text that XML can carry: no control characters, no lone surrogates, spaces collapsed. */
function plain(value: string): string {
  return xmlSafe(value, ' ')
    .replace(/[\u0000-\u001F\u007F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Shortens text to at most `max` characters, ending in an ellipsis when cut. */
function fit(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
