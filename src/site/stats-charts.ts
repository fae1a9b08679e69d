/**
 * Charts drawn on the server as inline SVG, for the listing statistics page: no script, nothing loaded. Every chart
 * has one look: the same size, the same axes (three lines across with their values on the left, the first, middle
 * and last day below), a legend naming each series, and colours taken from the site's style sheet (the .chart rules
 * of src/web/layout.ts: the first series in --chart-1, the second in --chart-2, the text and grid in the page's own
 * colours), so they follow light and dark. Each chart is an <svg role="img"> named by its <title> and summarised by
 * its <desc>, and comes with its numbers as a table in a closed disclosure, so that a screen reader (or anybody who
 * wants the figures) reads the same thing the picture shows.
 */
import { html, type SafeHtml } from '../text/html.js';

interface ChartSeries {
  label: string;
  /** One value per day; null where there is none (a rank outside the launch week). */
  values: (number | null)[];
  /** Bars, or a line with a point on each day. */
  kind: 'bar' | 'line';
}

export interface Chart {
  /** Unique on the page: names the title, description and table. */
  id: string;
  title: string;
  /** What the chart shows in words: its totals and its best day. */
  desc: string;
  days: readonly string[];
  /** At most two: the first drawn in --chart-1, the second in --chart-2. */
  series: readonly ChartSeries[];
  /** A rank: 1 is drawn at the top. */
  rank?: boolean;
}

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 56;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;

/** The top of a count's axis: the smallest even one of 1, 2, 4, 6, 8 × 10^n at or above `value` (so the middle line is a whole number). */
function niceCeiling(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 4, 6, 8, 10].find((step) => step * power >= value && (step * power) % 2 === 0) ?? 10) * power;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The vertical scale of a chart: its three lines across (bottom, middle, top) and where a value is drawn. */
function scaleOf(chart: Chart): { ticks: number[]; y: (value: number) => number } {
  const values = chart.series.flatMap((series) => series.values.filter((value): value is number => value !== null));
  if (chart.rank) {
    // Rank 1 at the top; the lowest rank drawn a whole even number of places below it, so the middle line is a rank too.
    const worst = Math.max(3, ...values);
    const bottom = worst % 2 === 1 ? worst : worst + 1;
    return { ticks: [bottom, (bottom + 1) / 2, 1], y: (value) => TOP + ((value - 1) / (bottom - 1)) * PLOT_H };
  }
  const top = niceCeiling(Math.max(0, ...values));
  return { ticks: [0, top / 2, top], y: (value) => TOP + PLOT_H - (value / top) * PLOT_H };
}

/** A chart, its legend, and its numbers in a table (caption, column and row headers) folded away beneath it. */
export function chartFigure(chart: Chart): SafeHtml {
  return html`<figure class="chart" aria-labelledby="${chart.id}-caption">
<figcaption id="${chart.id}-caption"><h2>${chart.title}</h2></figcaption>
${legend(chart.series)}${chartSvg(chart)}
${chartTable(chart)}
</figure>`;
}

function chartSvg(chart: Chart): SafeHtml {
  const { days } = chart;
  const { ticks, y } = scaleOf(chart);
  const slot = PLOT_W / Math.max(days.length, 1);
  const x = (i: number) => LEFT + slot * i + slot / 2;
  const tickLabel = (value: number) => (chart.rank ? `#${value}` : String(value));
  const grid = ticks.map(
    (value, i) =>
      html`<line class="${i === 0 ? 'axis' : 'grid'}" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${round(y(value))}" y2="${round(y(value))}"/><text x="${LEFT - 8}" y="${round(y(value))}" text-anchor="end" dominant-baseline="middle">${tickLabel(value)}</text>`,
  );
  // The first, middle and last day under their marks; on narrow days the outer two held inside the plot instead.
  const last = days.length - 1;
  const labelled = [...new Set([0, Math.floor(last / 2), last])].filter((i) => i >= 0);
  const anchor = (i: number) => (slot >= 70 || (i > 0 && i < last) ? 'middle' : i === 0 ? 'start' : 'end');
  const xAt = (i: number) => (anchor(i) === 'start' ? LEFT : anchor(i) === 'end' ? WIDTH - RIGHT : round(x(i)));
  const xLabels = labelled.map(
    (i) => html`<text x="${xAt(i)}" y="${HEIGHT - 6}" text-anchor="${anchor(i)}">${(days[i] ?? '').slice(5)}</text>`,
  );
  const marks = chart.series.map((series, n) => {
    const colour = `s${n + 1}`;
    return series.kind === 'bar' ? bars(series, colour, slot, x, y) : line(series, colour, x, y);
  });
  return html`<svg role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">
<title id="${chart.id}-title">${chart.title}</title>
<desc id="${chart.id}-desc">${chart.desc}</desc>
${grid}${marks}${xLabels}
</svg>`;
}

/** Bars from the bottom line (counts only: a rank is drawn as a line). */
function bars(series: ChartSeries, colour: string, slot: number, x: (i: number) => number, y: (value: number) => number): SafeHtml {
  const width = round(Math.max(slot * 0.7, 0.5));
  return html`<g class="bars ${colour}">${series.values.map((value, i) =>
    value ? html`<rect x="${round(x(i) - width / 2)}" y="${round(y(value))}" width="${width}" height="${round(y(0) - y(value))}"/>` : '',
  )}</g>`;
}

function line(series: ChartSeries, colour: string, x: (i: number) => number, y: (value: number) => number): SafeHtml {
  const points = series.values.flatMap((value, i) => (value === null ? [] : [[round(x(i)), round(y(value))] as const]));
  // Points on a month of days or fewer; over longer periods they would run together into the line.
  const dots = points.length <= 31 ? points.map(([cx, cy]) => html`<circle cx="${cx}" cy="${cy}" r="3"/>`) : [];
  return html`<g class="line ${colour}"><polyline points="${points.map((p) => p.join(',')).join(' ')}"/>${dots}</g>`;
}

/** The chart's numbers, a row per day, in a closed disclosure whose summary says what it holds. */
function chartTable(chart: Chart): SafeHtml {
  const what = chart.series.map((series) => series.label.toLowerCase()).join(' and ');
  const count = chart.days.length === 1 ? '1 day' : `${chart.days.length} days`;
  return html`<details><summary>Numbers per day: ${what} (${count})</summary>
<table id="${chart.id}-table"><caption>${chart.title}, per day</caption>
<thead><tr><th scope="col">Day</th>${chart.series.map((series) => html`<th scope="col">${series.label}</th>`)}</tr></thead>
<tbody>${chart.days.map(
    (day, i) =>
      html`<tr><th scope="row">${day}</th>${chart.series.map((series) => html`<td>${series.values[i] === null ? '–' : series.values[i]}</td>`)}</tr>`,
  )}</tbody></table></details>`;
}

/** The legend of every chart (a swatch in the series' colour and shape, and its name), for those who see the picture. */
function legend(series: readonly ChartSeries[]): SafeHtml {
  return html`<p class="legend">${series.map(
    (s, n) =>
      html`<span><svg class="${s.kind === 'bar' ? 'bars' : 'line'} s${n + 1}" width="16" height="12" viewBox="0 0 16 12" aria-hidden="true" focusable="false">${
        s.kind === 'bar'
          ? html`<rect x="2" y="0" width="12" height="12"/>`
          : html`<polyline points="0,6 16,6"/><circle cx="8" cy="6" r="3"/>`
      }</svg> ${s.label}</span>`,
  )}</p>`;
}
