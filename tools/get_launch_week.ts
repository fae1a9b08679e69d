import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { NotFoundError } from '../src/errors.js';
import { inView, isoDate, listingInView, listingInViewWith, summaryView } from '../src/schema.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { resolveWeek, WEEK_SPEC, weekLabel } from '../src/catalogue/weeks.js';
import { readLaunchWeek } from '../src/catalogue/launch-week.js';

export default defineTool({
  name: 'get_launch_week',
  title: 'Launches of a week',
  toolset: 'directory',
  description:
    "A launch week (Monday to Sunday, site time zone): dates, label, the listings that launched in it ranked by all their counted votes to date (flagged excluded; ties: earlier launch first) and, for a future week, those scheduled. Not the community-weekly board (get_leaderboard), which ranks any live listing by votes cast during the week; awards (list_awards) count only a launch's votes cast in its week. Before the first launch week: 404.",
  http: { method: 'GET', path: '/launches/weeks/{week}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    week: z
      .string()
      .max(10)
      .regex(WEEK_SPEC, 'Must be this, next, last or a date YYYY-MM-DD')
      .describe('this, next, last or any date of the week'),
    view: summaryView,
  }),
  output: z.object({
    week: z.object({
      start: isoDate.describe('Monday, YYYY-MM-DD'),
      end: isoDate.describe('Sunday, YYYY-MM-DD'),
      label: z.string().describe('ISO week number and year, e.g. "Week 47, 2026"'),
      time_zone: z.string().describe('The site time zone the week runs in'),
      is_current: z.boolean(),
      is_future: z.boolean(),
    }),
    launches: z.array(
      listingInViewWith({ rank: z.number().int().describe('1 = most community votes (all the votes the listing has received)') }),
    ),
    scheduled: z.array(listingInView).describe('Listings scheduled to launch in this week; only for a future week'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config } = services;
    const now = services.now();
    const { time_zone: timeZone } = await loadSiteSettings(db);
    const week = resolveWeek(input.week, now, timeZone);
    const view = await readLaunchWeek(db, week, resolveWeek('this', now, timeZone), config.publicUrl);
    if (!view) throw new NotFoundError('launch week', week.start);
    const { isCurrent, isFuture, launches, scheduled } = view;
    return {
      week: { ...week, label: weekLabel(week), time_zone: timeZone, is_current: isCurrent, is_future: isFuture },
      launches: launches.map(({ rank, ...listing }) => ({ ...inView(listing, input.view), rank })),
      scheduled: scheduled.map((listing) => inView(listing, input.view)),
    };
  },
});
