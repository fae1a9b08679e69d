import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { inView, listingInView, pageOf, pageResult, paging, summaryView } from '../src/schema.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { FEED_SECTIONS, launchFeed } from '../src/catalogue/launch-feed.js';

export default defineTool({
  name: 'list_launches',
  title: 'Launch feed',
  toolset: 'directory',
  description:
    "A page of the launch feed, by section: trending weighs votes of the last 14 days, recent ones most; most-voted counts all time; upcoming is what is scheduled, soonest first. Days and weeks follow the site's time zone; other weeks: get_launch_week.",
  http: { method: 'GET', path: '/launches', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    section: z.enum(FEED_SECTIONS).default('this-week'),
    view: summaryView,
    ...paging,
  }),
  output: pageOf(listingInView).extend({ section: z.enum(FEED_SECTIONS) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config } = services;
    const { time_zone: timeZone } = await loadSiteSettings(db);
    const { items, total } = await launchFeed(db, input.section, { now: services.now(), timeZone }, input, config.publicUrl);
    return {
      section: input.section,
      ...pageResult(
        items.map((item) => inView(item, input.view)),
        total,
        input,
      ),
    };
  },
});
