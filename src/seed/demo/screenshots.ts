/**
 * The demo directory's screenshots: an app window drawn as an SVG of shapes (a title bar with three dots, a header
 * with the app's mark, a sidebar, and a screen that changes with the screenshot's index: a dashboard with a bar
 * chart, a table, a board of cards or a settings form), in light neutral colours and an accent colour near the
 * product's logo colour (colourOf). Its only letters are the 5 × 7 pixel font of the monograms, so it needs no font
 * installed and looks the same on every machine. Drawing one takes about a tenth of a second, so they are not drawn
 * per product: a few hues times the screens (lookOf) are drawn once, before the seeding transaction, processed like
 * any screenshot (src/images), and shared by the products of about the same colour. Hence the header shows a mark
 * and a bar for the name, not the product's initials.
 */
import { processImage, type EncodedImage } from '../../images/process.js';
import { imagePath } from '../../images/image-store.js';
import { Random } from '../random.js';
import type { DemoData, ListingRow } from './types.js';
import { colourOfHue, hueOf, pixelText } from './monogram.js';

/**
 * The drawing's size; the SVG declares 1024 × 640, the size processImage draws an SVG at (its longer side 1024
 * pixels), so that the screenshot is kept at exactly that size.
 */
const W = 1280;
const H = 800;
const KEPT = { width: 1024, height: 640 };

/** The window on the backdrop, and the parts of it. */
const WIN = { x: 36, y: 30, w: 1208, h: 740 };
const TITLE_BOTTOM = WIN.y + 40;
const HEADER_BOTTOM = TITLE_BOTTOM + 60;
const SIDEBAR_RIGHT = WIN.x + 240;
/** The content area's inner box. */
const C = { x0: SIDEBAR_RIGHT + 32, x1: WIN.x + WIN.w - 32, y0: HEADER_BOTTOM + 30, y1: WIN.y + WIN.h - 30 };

const INK = '#1f2937';
const MUTED = '#9ca3af';
const FAINT = '#d1d5db';
const LINE = '#e5e7eb';
const PANEL = '#f7f8fa';

/** Soft colours for tags, avatars and statuses, besides the accent. */
const PASTELS = ['#fde68a', '#bbf7d0', '#bfdbfe', '#fbcfe8', '#ddd6fe', '#fed7aa', '#a5f3fc'];
const STATUS = [
  ['#dcfce7', '#16a34a'],
  ['#fef3c7', '#d97706'],
  ['#fee2e2', '#dc2626'],
  ['#f3f4f6', '#6b7280'],
] as const;

/** The screens, one per screenshot index (shifted per product, so that products do not all start alike). */
const SCREENS = [
  { title: 'OVERVIEW', draw: dashboard },
  { title: 'CUSTOMERS', draw: table },
  { title: 'BOARD', draw: board },
  { title: 'SETTINGS', draw: settings },
] as const;

/** `a` mixed with `b` (hex colours), `t` of the way to b. */
function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(a, i) * (1 - t) + channel(b, i) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colours of one product: its accent, a darker one for text on tints, and light tints. */
interface Palette {
  accent: string;
  dark: string;
  tint: string;
  wash: string;
}

const paletteOf = (accent: string): Palette => {
  return { accent, dark: mix(accent, '#000000', 0.25), tint: mix(accent, '#ffffff', 0.8), wash: mix(accent, '#ffffff', 0.92) };
};

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
/** A line of text, drawn as a rounded bar. */
const bar = (x: number, y: number, w: number, fill = FAINT, h = 10) => rect(x, y, Math.round(w), h, fill, h / 2);
const card = (x: number, y: number, w: number, h: number, fill = '#ffffff') => rect(x, y, w, h, fill, 10, ` stroke="${LINE}"`);
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const label = (text: string, x: number, y: number, cell: number, fill: string) =>
  `<g fill="${fill}">${pixelText(text, x, y, cell, cell)}</g>`;

function windowFrame(): string {
  const { x, y, w, h } = WIN;
  const dots = ['#ff5f57', '#febc2e', '#28c840'].map((fill, i) => circle(x + 26 + i * 22, y + 20, 6.5, fill)).join('');
  return `${rect(x, y + 10, w, h, '#0f172a', 14, ' opacity="0.06"')}${rect(x, y + 4, w, h, '#0f172a', 13, ' opacity="0.06"')}
${rect(x, y, w, h, '#ffffff', 12)}${rect(x, y, w, 40, '#eef0f3')}${dots}
${rect(x + w / 2 - 170, y + 9, 340, 22, '#ffffff', 11)}${circle(x + w / 2 - 152, y + 20, 4, FAINT)}${bar(x + w / 2 - 140, y + 16, 150, '#e5e7eb', 8)}
${rect(x, TITLE_BOTTOM - 1, w, 1, LINE)}`;
}

/** The app's header: its mark in the accent colour, its name (a bar), a search box, notifications and the user. */
function appHeader(r: Random, p: Palette): string {
  const tile = { x: WIN.x + 20, y: TITLE_BOTTOM + 10, side: 40 };
  const mark = [0, 1, 2, 3].map((i) =>
    rect(tile.x + 9 + (i % 2) * 12, tile.y + 9 + Math.floor(i / 2) * 12, 10, 10, '#ffffff', 3, i === 3 ? ' opacity="0.55"' : ''),
  );
  const right = WIN.x + WIN.w;
  return `${rect(tile.x, tile.y, tile.side, tile.side, p.accent, 10)}${mark.join('')}${bar(tile.x + 54, tile.y + 14, r.int(90, 140), INK, 12)}
${rect(WIN.x + 400, tile.y + 4, 380, 32, '#f3f4f6', 8)}${circle(WIN.x + 420, tile.y + 19, 6, 'none', ` stroke="${MUTED}" stroke-width="2"`)}${bar(WIN.x + 436, tile.y + 15, 130, FAINT, 8)}
${circle(right - 92, tile.y + 20, 9, 'none', ` stroke="${MUTED}" stroke-width="2"`)}${circle(right - 84, tile.y + 13, 4, p.accent)}
${circle(right - 44, tile.y + 20, 17, p.tint)}${circle(right - 44, tile.y + 15, 6, p.accent)}${rect(right - 55, tile.y + 23, 22, 9, p.accent, 4.5)}
${rect(WIN.x, HEADER_BOTTOM - 1, WIN.w, 1, LINE)}`;
}

function sidebar(r: Random, selected: number, p: Palette): string {
  const x = WIN.x;
  const parts = [
    rect(x, HEADER_BOTTOM, 240, WIN.y + WIN.h - HEADER_BOTTOM, PANEL),
    rect(SIDEBAR_RIGHT - 1, HEADER_BOTTOM, 1, WIN.y + WIN.h - HEADER_BOTTOM, LINE),
  ];
  parts.push(bar(x + 24, HEADER_BOTTOM + 24, 54, FAINT, 7));
  for (let i = 0; i < 6; i++) {
    const y = HEADER_BOTTOM + 44 + i * 40;
    const on = i === selected;
    if (on) parts.push(rect(x + 12, y, 216, 34, p.tint, 8));
    parts.push(rect(x + 24, y + 9, 16, 16, on ? p.accent : '#cfd4db', 4), bar(x + 52, y + 12, r.int(64, 118), on ? p.dark : '#aeb4bd'));
  }
  const projects = HEADER_BOTTOM + 44 + 6 * 40 + 22;
  parts.push(bar(x + 24, projects, 64, FAINT, 7));
  for (let i = 0; i < 3; i++) {
    const y = projects + 24 + i * 34;
    parts.push(circle(x + 30, y + 10, 5, PASTELS[(i * 3 + r.int(0, 6)) % PASTELS.length]), bar(x + 46, y + 5, r.int(60, 120), '#c3c8cf'));
  }
  const box = { y: WIN.y + WIN.h - 130 };
  parts.push(rect(x + 16, box.y, 208, 110, p.wash, 10, ` stroke="${p.tint}"`), bar(x + 32, box.y + 20, 110, p.dark, 9));
  parts.push(
    bar(x + 32, box.y + 40, 160, p.tint, 7),
    bar(x + 32, box.y + 54, 120, p.tint, 7),
    rect(x + 32, box.y + 74, 92, 22, p.accent, 6),
  );
  return parts.join('');
}

/** The screen's title and the buttons beside it. */
function pageHeader(r: Random, title: string, p: Palette): string {
  return `${label(title, C.x0, C.y0, 3, INK)}${bar(C.x0, C.y0 + 34, r.int(220, 320), FAINT, 8)}
${rect(C.x1 - 140, C.y0 - 2, 140, 38, p.accent, 8)}${rect(C.x1 - 124, C.y0 + 16, 12, 2, '#ffffff')}${rect(C.x1 - 119, C.y0 + 11, 2, 12, '#ffffff')}${bar(C.x1 - 102, C.y0 + 13, 80, '#ffffff', 8)}
${rect(C.x1 - 250, C.y0 - 2, 98, 38, '#ffffff', 8, ` stroke="${FAINT}"`)}${bar(C.x1 - 232, C.y0 + 13, 62, '#b6bcc5', 8)}`;
}

/** KPI cards, a bar chart and a donut. */
function dashboard(r: Random, p: Palette): string {
  const parts: string[] = [];
  const top = C.y0 + 70;
  const kw = (C.x1 - C.x0 - 3 * 16) / 4;
  for (let i = 0; i < 4; i++) {
    const x = C.x0 + i * (kw + 16);
    const up = r.chance(0.75);
    const value = String(r.int(12, 9800));
    parts.push(card(x, top, kw, 104), bar(x + 18, top + 18, r.int(60, 110), '#c3c8cf', 8), label(value, x + 18, top + 42, 4, INK));
    parts.push(
      rect(x + 18, top + 80, 46, 14, up ? STATUS[0][0] : STATUS[2][0], 7),
      bar(x + 25, top + 84, 32, up ? STATUS[0][1] : STATUS[2][1], 6),
    );
    const line = Array.from({ length: 7 }, (_, k) => `${x + kw - 84 + k * 11},${top + 90 - (up ? k * 4 : 24 - k * 3) - r.int(0, 10)}`);
    parts.push(`<polyline points="${line.join(' ')}" fill="none" stroke="${p.accent}" stroke-width="2.5" stroke-linejoin="round"/>`);
  }
  const chart = { x: C.x0, y: top + 124, w: 590, h: C.y1 - top - 124 };
  parts.push(card(chart.x, chart.y, chart.w, chart.h), bar(chart.x + 20, chart.y + 20, 140, '#aeb4bd'));
  parts.push(circle(chart.x + chart.w - 150, chart.y + 25, 5, p.accent), bar(chart.x + chart.w - 140, chart.y + 21, 44, FAINT, 8));
  parts.push(circle(chart.x + chart.w - 80, chart.y + 25, 5, p.tint), bar(chart.x + chart.w - 70, chart.y + 21, 44, FAINT, 8));
  const base = chart.y + chart.h - 36;
  const span = chart.h - 100;
  for (let g = 0; g <= 4; g++) parts.push(rect(chart.x + 20, base - (g * span) / 4, chart.w - 40, 1, '#f0f1f3'));
  let level = r.next() * 0.3 + 0.25;
  for (let i = 0; i < 12; i++) {
    level = Math.min(1, Math.max(0.15, level + (r.next() - 0.35) * 0.18));
    const x = chart.x + 34 + i * 45;
    const h = Math.round(level * span);
    const ghost = Math.round(h * (0.5 + r.next() * 0.35));
    parts.push(
      rect(x, base - ghost, 14, ghost, p.tint, 3),
      rect(x + 16, base - h, 14, h, p.accent, 3),
      bar(x + 4, base + 14, 22, '#e2e5e9', 6),
    );
  }
  parts.push(donut(r, { x: chart.x + chart.w + 16, y: chart.y, w: C.x1 - chart.x - chart.w - 16, h: chart.h }, p));
  return parts.join('');
}

function donut(r: Random, box: { x: number; y: number; w: number; h: number }, p: Palette): string {
  const cx = box.x + box.w / 2;
  const cy = box.y + 130;
  const radius = 68;
  const round = 2 * Math.PI * radius;
  const shares = [0.35 + r.next() * 0.25, 0.12 + r.next() * 0.15];
  const colours = [p.accent, mix(p.accent, '#ffffff', 0.5), '#e5e7eb'];
  const arcs = shares.map((share, i) => {
    const offset = -round * shares.slice(0, i).reduce((a, b) => a + b, 0) + round / 4;
    return circle(
      cx,
      cy,
      radius,
      'none',
      ` stroke="${colours[i]}" stroke-width="26" stroke-dasharray="${(share * round).toFixed(1)} ${round.toFixed(1)}" stroke-dashoffset="${offset.toFixed(1)}"`,
    );
  });
  const legend = [0, 1, 2].map((i) => {
    const y = cy + 106 + i * 32;
    return `${circle(box.x + 28, y + 5, 6, colours[i])}${bar(box.x + 44, y, r.int(70, 120), '#c3c8cf')}${bar(box.x + box.w - 64, y, 40, '#aeb4bd')}`;
  });
  return `${card(box.x, box.y, box.w, box.h)}${bar(box.x + 20, box.y + 20, 110, '#aeb4bd')}${circle(cx, cy, radius, 'none', ` stroke="#f0f1f3" stroke-width="26"`)}${arcs.join('')}
${label(`${Math.round(shares[0] * 100)}`, cx - 19, cy - 14, 4, INK)}${legend.join('')}`;
}

/** Filter tabs and a table of people with a status and an amount. */
function table(r: Random, p: Palette): string {
  const parts: string[] = [];
  const top = C.y0 + 70;
  [0, 1, 2].forEach((i) => {
    const x = C.x0 + i * 112;
    parts.push(
      rect(x, top, 102, 32, i === 0 ? p.tint : '#ffffff', 16, i === 0 ? '' : ` stroke="${LINE}"`),
      bar(x + 22, top + 11, 58, i === 0 ? p.dark : '#aeb4bd'),
    );
  });
  parts.push(rect(C.x1 - 260, top, 260, 32, '#ffffff', 8, ` stroke="${LINE}"`), bar(C.x1 - 240, top + 11, 120, '#e2e5e9'));
  const box = { y: top + 50, h: C.y1 - top - 50 };
  const cols = [C.x0 + 64, C.x0 + 360, C.x0 + 560, C.x0 + 740];
  parts.push(card(C.x0, box.y, C.x1 - C.x0, box.h), rect(C.x0 + 1, box.y + 1, C.x1 - C.x0 - 2, 43, '#f9fafb', 9));
  parts.push(...cols.map((x, i) => bar(x, box.y + 17, [70, 50, 60, 54][i], '#b6bcc5', 9)), rect(C.x0, box.y + 44, C.x1 - C.x0, 1, LINE));
  const chosen = r.int(1, 3);
  const rowH = Math.floor((box.h - 46) / 8);
  for (let i = 0; i < 8; i++) {
    const y = box.y + 45 + i * rowH;
    const [bg, fg] =
      STATUS[
        r.weighted([
          [0, 5],
          [1, 2],
          [2, 1],
          [3, 2],
        ] as const)
      ];
    if (i === chosen) parts.push(rect(C.x0 + 1, y, C.x1 - C.x0 - 2, rowH - 1, p.wash));
    parts.push(
      rect(C.x0 + 22, y + 18, 16, 16, i === chosen ? p.accent : '#ffffff', 4, i === chosen ? '' : ` stroke="${FAINT}" stroke-width="1.5"`),
    );
    parts.push(circle(cols[0] + 16, y + 26, 16, PASTELS[r.int(0, PASTELS.length - 1)]), bar(cols[0] + 44, y + 13, r.int(90, 170), INK, 10));
    parts.push(
      bar(cols[0] + 44, y + 30, r.int(110, 190), '#d4d8de', 8),
      rect(cols[1], y + 15, 84, 22, bg, 11),
      bar(cols[1] + 14, y + 21, 56, fg),
    );
    parts.push(bar(cols[2], y + 21, r.int(60, 110), '#aeb4bd'), bar(cols[3], y + 21, r.int(50, 80), INK));
    parts.push(circle(C.x1 - 40, y + 26, 2.5, MUTED), circle(C.x1 - 32, y + 26, 2.5, MUTED), circle(C.x1 - 24, y + 26, 2.5, MUTED));
    if (i < 7) parts.push(rect(C.x0, y + rowH - 1, C.x1 - C.x0, 1, '#f0f1f3'));
  }
  return parts.join('');
}

/** Four columns of cards. */
function board(r: Random, p: Palette): string {
  const parts: string[] = [];
  const top = C.y0 + 70;
  const cw = (C.x1 - C.x0 - 3 * 16) / 4;
  const dots = [MUTED, '#f59e0b', p.accent, '#22c55e'];
  for (let c = 0; c < 4; c++) {
    const x = C.x0 + c * (cw + 16);
    parts.push(
      rect(x, top, cw, C.y1 - top, '#f3f4f6', 12),
      circle(x + 20, top + 22, 5, dots[c]),
      bar(x + 34, top + 17, r.int(60, 90), '#9aa1ab'),
    );
    let y = top + 46;
    const count = r.int(3, 5);
    parts.push(rect(x + cw - 42, top + 13, 28, 18, '#e5e7eb', 9), bar(x + cw - 34, top + 18, 12, '#9aa1ab', 8));
    for (let k = 0; k < count; k++) {
      const lines = r.int(1, 2);
      const progress = r.chance(0.35);
      const h = 74 + lines * 16 + (progress ? 18 : 0);
      if (y + h > C.y1 - 12) break;
      parts.push(card(x + 10, y, cw - 20, h), rect(x + 24, y + 14, r.int(44, 70), 16, PASTELS[r.int(0, PASTELS.length - 1)], 8));
      for (let l = 0; l < lines; l++)
        parts.push(bar(x + 24, y + 42 + l * 16, l === lines - 1 ? r.int(70, cw - 70) : cw - 52, l === 0 ? INK : '#aeb4bd'));
      if (progress) {
        const done = r.next();
        parts.push(
          rect(x + 24, y + 44 + lines * 16, cw - 48, 6, '#eef0f3', 3),
          rect(x + 24, y + 44 + lines * 16, Math.round((cw - 48) * done), 6, p.accent, 3),
        );
      }
      const foot = y + h - 20;
      parts.push(circle(x + 34, foot, 10, PASTELS[(c + k) % PASTELS.length], ' stroke="#ffffff" stroke-width="2"'));
      if (r.chance(0.5)) parts.push(circle(x + 50, foot, 10, PASTELS[(c + k + 3) % PASTELS.length], ' stroke="#ffffff" stroke-width="2"'));
      parts.push(bar(x + cw - 70, foot - 4, 36, '#d4d8de', 8));
      y += h + 12;
    }
  }
  return parts.join('');
}

/** A form of fields and switches, and the plan beside it. */
function settings(r: Random, p: Palette): string {
  const parts: string[] = [];
  const top = C.y0 + 66;
  [0, 1, 2, 3].forEach((i) => {
    const x = C.x0 + i * 110;
    parts.push(bar(x, top + 8, [60, 74, 56, 80][i], i === 0 ? p.dark : '#b6bcc5'));
    if (i === 0) parts.push(rect(x - 4, top + 30, 70, 3, p.accent, 1.5));
  });
  parts.push(rect(C.x0, top + 32, C.x1 - C.x0, 1, LINE));
  const form = { x: C.x0, y: top + 52, w: 560 };
  const field = (x: number, y: number, w: number) =>
    `${bar(x, y, r.int(60, 100), '#9aa1ab', 8)}${rect(x, y + 18, w, 40, '#ffffff', 8, ` stroke="${FAINT}"`)}${bar(x + 14, y + 34, r.int(80, w - 60), '#6b7280', 8)}`;
  parts.push(card(form.x, form.y, form.w, C.y1 - form.y), field(form.x + 24, form.y + 24, 244), field(form.x + 292, form.y + 24, 244));
  parts.push(field(form.x + 24, form.y + 100, 512));
  for (let i = 0; i < 4; i++) {
    const y = form.y + 186 + i * 52;
    const on = r.chance(0.6) || i === 0;
    parts.push(bar(form.x + 24, y, r.int(120, 200), INK, 9), bar(form.x + 24, y + 18, r.int(200, 320), '#d4d8de', 8));
    parts.push(
      rect(form.x + form.w - 76, y, 48, 26, on ? p.accent : '#e5e7eb', 13),
      circle(form.x + form.w - (on ? 41 : 63), y + 13, 10, '#ffffff'),
    );
  }
  const foot = C.y1 - 62;
  parts.push(
    rect(form.x, foot - 1, form.w, 1, LINE),
    rect(form.x + form.w - 148, foot + 14, 124, 36, p.accent, 8),
    bar(form.x + form.w - 122, foot + 28, 72, '#ffffff', 8),
  );
  parts.push(
    rect(form.x + form.w - 248, foot + 14, 88, 36, '#ffffff', 8, ` stroke="${FAINT}"`),
    bar(form.x + form.w - 228, foot + 28, 48, '#b6bcc5', 8),
  );
  const side = { x: form.x + form.w + 20, y: form.y, w: C.x1 - form.x - form.w - 20 };
  parts.push(
    card(side.x, side.y, side.w, 250, p.wash),
    bar(side.x + 22, side.y + 22, 90, p.dark),
    label(String(r.int(9, 99)), side.x + 22, side.y + 48, 5, INK),
  );
  parts.push(bar(side.x + 100, side.y + 70, 60, '#aeb4bd', 8));
  for (let i = 0; i < 3; i++) {
    const y = side.y + 112 + i * 40;
    const used = 0.2 + r.next() * 0.7;
    parts.push(bar(side.x + 22, y, r.int(70, 120), '#9aa1ab', 8), bar(side.x + side.w - 62, y, 40, '#9aa1ab', 8));
    parts.push(
      rect(side.x + 22, y + 16, side.w - 44, 8, '#ffffff', 4),
      rect(side.x + 22, y + 16, Math.round((side.w - 44) * used), 8, p.accent, 4),
    );
  }
  const list = { y: side.y + 270 };
  parts.push(card(side.x, list.y, side.w, C.y1 - list.y), bar(side.x + 22, list.y + 22, 110, '#aeb4bd'));
  for (let i = 0; i < 4 && list.y + 60 + i * 36 < C.y1 - 20; i++) {
    const y = list.y + 56 + i * 36;
    parts.push(
      circle(side.x + 30, y + 5, 8, p.tint),
      `<path d="M${side.x + 26} ${y + 5}l3 3l5-6" fill="none" stroke="${p.dark}" stroke-width="2"/>`,
      bar(side.x + 48, y, r.int(100, 180), '#c3c8cf'),
    );
  }
  return parts.join('');
}

/** A hash of a text (FNV-1a), the seed of a screenshot's generator. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/**
 * The hues the screenshots are drawn in: a product's screenshots take the one nearest its logo's (colourOf), so
 * that few are drawn (each takes a tenth of a second) and products of about the same colour share them.
 */
const HUES = 8;

/** What a screenshot shows: one of the screens, in one of the hues. */
export interface Look {
  hue: number;
  screen: number;
}

/** The look of a product's screenshot `index` (from 0): its hue, and the screens in turn from one chosen by the slug. */
export function lookOf(slug: string, index: number): Look {
  const step = 360 / HUES;
  return { hue: (Math.round(hueOf(slug) / step) % HUES) * step, screen: (seedOf(slug) + index) % SCREENS.length };
}

/** A screenshot as an SVG (drawn on 1280 × 800); the same look gives the same SVG. */
export function screenshotSvg({ hue, screen }: Look): string {
  const r = new Random(seedOf(`${hue}#${screen}`));
  const p = paletteOf(colourOfHue(hue));
  const { title, draw } = SCREENS[screen];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${KEPT.width}" height="${KEPT.height}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${mix(p.accent, '#f4f5f7', 0.86)}"/>${windowFrame()}
<clipPath id="w"><rect x="${WIN.x}" y="${WIN.y}" width="${WIN.w}" height="${WIN.h}" rx="12"/></clipPath>
<g clip-path="url(#w)">${appHeader(r, p)}${sidebar(r, screen + 1, p)}</g>
${pageHeader(r, title, p)}${draw(r, p)}</svg>`;
}

/** The screenshots drawn in this process, by look: seeding again (the tests seed many times) draws none again. */
const drawn = new Map<string, Promise<EncodedImage>>();

function drawScreenshot(look: Look): Promise<EncodedImage> {
  const key = `${look.hue}#${look.screen}`;
  let image = drawn.get(key);
  if (!image) {
    image = processImage(Buffer.from(screenshotSvg(look)), 'screenshot', { background: true }).then(({ main }) => main);
    image.catch(() => drawn.delete(key));
    drawn.set(key, image);
  }
  return image;
}

/** Screenshots drawn at once: sharp works on a thread pool, and a few drawings in flight keep it busy. */
const IN_FLIGHT = 4;

/**
 * Draws the screenshot of every image of the listings' media (before the seeding transaction: it is the slow part)
 * and points each at its kept image, by path (/images/{sha256}.webp: the seed does not know the public address).
 * Answers the images to keep, each once.
 */
export async function drawDemoScreenshots(media: DemoData['listingMedia'], listings: readonly ListingRow[]): Promise<EncodedImage[]> {
  const slugs = new Map(listings.map((listing) => [listing.id, listing.slug]));
  const images = media.filter((item) => item.kind === 'image');
  const kept = new Map<string, EncodedImage>();
  let next = 0;
  const work = async () => {
    while (next < images.length) {
      const item = images[next++];
      const image = await drawScreenshot(lookOf(slugs.get(item.listing_id)!, item.position));
      item.url = imagePath(image);
      kept.set(image.sha256, image);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, work));
  return [...kept.values()];
}
