import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { NotFoundError, ValidationError } from '../src/errors.js';
import {
  inView,
  isoDate,
  isoDateTime,
  type ListingSummary,
  listingInView,
  pageOf,
  pageResult,
  paging,
  slug,
  type SummaryView,
  summaryView,
} from '../src/schema.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { resolveWeek, weekInstants, weekLabel } from '../src/catalogue/weeks.js';
import { BOARD_INFO, BOARDS, isBoard, lastDomainRatingDay, readBoard } from '../src/catalogue/leaderboards.js';

const metric = z.object({
  name: z.string().describe('week_votes, votes, contributed, domain_rating or mrr'),
  value: z.number(),
  unit: z.string().describe('votes, usd_cents, score_0_100 or usd_cents_per_month'),
  paid: z.boolean().describe('true on the billboard: the place was paid for'),
  source: z.string().optional().describe('Where the figure comes from (domain-rating, revenue)'),
  measured_on: isoDate.optional().describe('When the Domain Rating was measured'),
  trend: z
    .object({ change: z.number().int(), previous_value: z.number().int(), previous_measured_on: isoDate })
    .nullable()
    .optional()
    .describe('Domain Rating change against the rating about 30 days earlier; null when there is none that old'),
  verified_at: isoDateTime.optional().describe('When the revenue was verified'),
});

export default defineTool({
  name: 'get_leaderboard',
  title: 'Leaderboard',
  toolset: 'directory',
  description:
    "A page of one leaderboard: rank, listing summary and metric. community-weekly: any live listing, by counted votes (flagged excluded) cast in that Monday-Sunday week, whenever it launched (get_launch_week ranks only the week's launches, by all their votes); community-all-time: all counted votes; billboard: a PAID ranking by money contributed (always tell the user it is paid placement); domain-rating: 0-100, third-party SEO data, with its 30-day change; revenue: latest verified MRR with source and date. Awards: list_awards. Unknown board: 404.",
  http: { method: 'GET', path: '/leaderboards/{board}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  crossFieldRules: [{ path: /^\/week$/, message: /community-weekly/ }],
  input: z.strictObject({
    board: slug('leaderboard').describe('The board'),
    week: z
      .string()
      .max(10)
      .regex(/^(this|last|\d{4}-\d{2}-\d{2})$/, 'Must be this, last or a date YYYY-MM-DD')
      .optional()
      .describe('community-weekly: this (default), last or any date of the week'),
    view: summaryView,
    ...paging,
  }),
  output: pageOf(z.object({ rank: z.number().int(), listing: listingInView, metric })).extend({
    board: z.object({
      slug: z.enum(BOARDS),
      title: z.string(),
      description: z.string(),
      paid_ranking: z.boolean().describe('true for the billboard: places are bought, not earned by votes'),
      disclosure: z.string().optional().describe('Show this with a paid ranking'),
      week: z
        .object({ start: isoDate, end: isoDate, label: z.string(), time_zone: z.string() })
        .optional()
        .describe('community-weekly: the launch week whose votes are counted'),
      last_measured_on: isoDate
        .nullable()
        .optional()
        .describe('domain-rating: the latest day the provider measured any listing; null: never measured (the board is empty)'),
    }),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config } = services;
    const { board } = input;
    if (!isBoard(board)) {
      throw new NotFoundError('leaderboard', board, `Boards: ${BOARDS.join(', ')}.`);
    }
    if (input.week !== undefined && board !== 'community-weekly') {
      throw new ValidationError([{ path: '/week', message: 'Only the community-weekly board takes a week' }]);
    }
    const info = { slug: board, ...BOARD_INFO[board] };
    if (board === 'community-weekly') {
      const { time_zone: timeZone } = await loadSiteSettings(db);
      const week = resolveWeek(input.week ?? 'this', services.now(), timeZone);
      const { entries, total } = await readBoard(db, board, input, config.publicUrl, { window: weekInstants(week, timeZone) });
      const page = pageResult(inViews(entries, input.view), total, input);
      return { board: { ...info, week: { ...week, label: weekLabel(week), time_zone: timeZone } }, ...page };
    }
    const { entries, total } = await readBoard(db, board, input, config.publicUrl, undefined);
    const measured = board === 'domain-rating' ? { last_measured_on: (await lastDomainRatingDay(db)) ?? null } : {};
    return { board: { ...info, ...measured }, ...pageResult(inViews(entries, input.view), total, input) };
  },
});

/** Board entries with their listings in the view asked for. */
function inViews<T extends { listing: ListingSummary }>(entries: T[], view: SummaryView) {
  return entries.map((entry) => ({ ...entry, listing: inView(entry.listing, view) }));
}
