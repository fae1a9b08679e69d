/**
 * Charts drawn on the server as inline SVG, for the listing statistics page: no script, nothing loaded. Each chart is
 * an <svg role="img"> named by its <title> and summarised by its <desc>, and comes with its numbers as a table, so
 * that a screen reader (or anybody who wants the figures) reads the same thing the picture shows.
 */
import { html, type SafeHtml } from '../../src/text/html.js';

interface ChartSeries {
  label: string;
  /** One value per day; null where there is none (a rank outside the launch week). */
  values: (number | null)[];
  /** Bars (the first series) or a line with points over them. */
  kind: 'bar' | 'line';
  color: string;
}

export interface Chart {
  /** Unique on the page: names the title, description and table. */
  id: string;
  title: string;
  /** What the chart shows in words: its totals and its best day. */
  desc: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  /** A rank: 1 is drawn at the top. */
  rank?: boolean;
}

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 44;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
const INK = '#1d1d1f';
const GRID = '#d5d5dc';

/** The smallest of 1, 2, 5 × 10^n at or above `value` (at least 1): the top of a chart's axis. */
function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A chart and, beside it, its numbers in a table (caption, column and row headers). */
export function chartFigure(chart: Chart): SafeHtml {
  return html`<figure class="chart" style="margin:1.5rem 0" aria-labelledby="${chart.id}-caption">
<figcaption id="${chart.id}-caption"><h2>${chart.title}</h2></figcaption>
${chart.series.length > 1 ? legend(chart.series) : ''}${chartSvg(chart)}
${chartTable(chart)}
</figure>`;
}

function chartSvg(chart: Chart): SafeHtml {
  const { days } = chart;
  const values = chart.series.flatMap((series) => series.values.filter((value): value is number => value !== null));
  const top = chart.rank ? Math.max(2, ...values) : niceCeiling(Math.max(0, ...values));
  const slot = PLOT_W / Math.max(days.length, 1);
  const x = (i: number) => LEFT + slot * i + slot / 2;
  const y = (value: number) => (chart.rank ? TOP + ((value - 1) / (top - 1)) * PLOT_H : TOP + PLOT_H - (value / top) * PLOT_H);
  // Counts are whole numbers: the middle line only where it falls on one.
  const ticks = chart.rank ? [1, top] : top % 2 === 0 ? [0, top / 2, top] : [0, top];
  const tickLabel = (value: number) => (chart.rank ? `#${value}` : String(value));
  const grid = ticks.map(
    (value) =>
      html`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${round(y(value))}" y2="${round(y(value))}" stroke="${GRID}" stroke-width="1"/><text x="${LEFT - 6}" y="${round(y(value)) + 4}" text-anchor="end" font-size="12" fill="${INK}">${tickLabel(value)}</text>`,
  );
  const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].filter((i) => i >= 0);
  const xLabels = labelled.map(
    (i) =>
      html`<text x="${round(x(i))}" y="${HEIGHT - 8}" text-anchor="middle" font-size="12" fill="${INK}">${(days[i] ?? '').slice(5)}</text>`,
  );
  const marks = chart.series.map((series) => (series.kind === 'bar' ? bars(series, slot, x, y) : line(series, x, y)));
  return html`<svg role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">
<title id="${chart.id}-title">${chart.title}</title>
<desc id="${chart.id}-desc">${chart.desc}</desc>
${grid}${marks}${xLabels}
</svg>`;
}

function bars(series: ChartSeries, slot: number, x: (i: number) => number, y: (value: number) => number): SafeHtml {
  const width = round(Math.max(slot * 0.7, 0.5));
  return html`<g fill="${series.color}">${series.values.map((value, i) =>
    value ? html`<rect x="${round(x(i) - width / 2)}" y="${round(y(value))}" width="${width}" height="${round(y(0) - y(value))}"/>` : '',
  )}</g>`;
}

function line(series: ChartSeries, x: (i: number) => number, y: (value: number) => number): SafeHtml {
  const points = series.values.flatMap((value, i) => (value === null ? [] : [`${round(x(i))},${round(y(value))}`]));
  const dots = points.length <= 31 ? points.map((p) => html`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3"/>`) : [];
  return html`<g fill="${series.color}" stroke="${series.color}"><polyline points="${points.join(' ')}" fill="none" stroke-width="2"/>${dots}</g>`;
}

/**
 * The chart's numbers, a row per day, in a disclosure (open up to a month of days) so that a year of days does not
 * bury the next chart.
 */
function chartTable(chart: Chart): SafeHtml {
  return html`<details${chart.days.length <= 31 ? html` open` : ''}><summary>The numbers of “${chart.title}”</summary>
<table id="${chart.id}-table"><caption>${chart.title}, per day</caption>
<thead><tr><th scope="col">Day</th>${chart.series.map((series) => html`<th scope="col">${series.label}</th>`)}</tr></thead>
<tbody>${chart.days.map(
    (day, i) =>
      html`<tr><th scope="row">${day}</th>${chart.series.map((series) => html`<td>${series.values[i] === null ? '–' : series.values[i]}</td>`)}</tr>`,
  )}</tbody></table></details>`;
}

/** A legend for a chart with more than one series (colour and name), for those who see the picture. */
function legend(series: readonly ChartSeries[]): SafeHtml {
  return html`<p class="muted">${series.map(
    (s) =>
      html`<svg width="12" height="12" aria-hidden="true" focusable="false"><rect width="12" height="12" fill="${s.color}"/></svg> ${s.label} `,
  )}</p>`;
}
