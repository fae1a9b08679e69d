import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId } from '../src/schema.js';
import { chooseFreeListing } from '../src/listings/free-launch.js';
import { homepageReader } from '../src/schedule/listing-jobs.js';
import { ownerListing, ownerListingView, type OwnerListing } from '../src/listings/owner-view.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { describeBadge } from '../src/badges/embed.js';

export default defineTool({
  name: 'choose_free_listing',
  title: 'Publish my listing for free',
  toolset: 'listings',
  description:
    'Publishes a saved listing (status draft) for free: it is given a launch week 6 to 8 weeks out (status awaiting_badge), becomes scheduled once its badge is found on its homepage (checked daily) and goes live that week if the badge is still there when it begins (else a later week). Paste badge.embed_html into the homepage, then call again to check now (once a minute at most); the answer says what was found. Afterwards edit with update_my_listing (not the name or categories). Scheduled, live or hidden listings: 409.',
  http: { method: 'POST', path: '/me/listings/{listing_id}/free', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    listing_id: recordId('From submit_draft or list_my_listings'),
    view: z.enum(['full', 'brief']).default('full').describe('brief: the badge as HTML only'),
  }),
  output: z.object({
    listing_id: z.number().int(),
    status: ownerListing.shape.status,
    launch_week: ownerListing.shape.launch_week,
    outcome: z
      .enum(['queued', 'checked', 'checked_recently'])
      .describe('queued: joined the free queue now; checked: the homepage was read now; checked_recently: read less than a minute ago'),
    badge: z
      .object({
        embed_html: z.string(),
        markdown: z.string().optional(),
        svg_url: z.string().optional(),
        profile_url: z.string().optional(),
        all_badges: z.string().optional(),
      })
      .describe('The badge to place on the homepage (standard shape, auto colours); all_badges is get_badges for other shapes'),
    badge_check: ownerListing.shape.badge_check,
    next_step: z.string(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async handler({ listing_id, view: shown }, { services, caller }) {
    const { db, config } = services;
    const outcome = await chooseFreeListing(
      { db, now: services.now, publicUrl: config.publicUrl, readHomepage: homepageReader(config), jobs: services.jobs },
      caller.accountId,
      listing_id,
    );
    const view: OwnerListing = await ownerListingView(db, caller.accountId, listing_id, config.publicUrl, services.now());
    const settings = await loadSiteSettings(db);
    const badge = describeBadge(
      {
        listingSlug: view.profile.slug,
        listingName: view.profile.name,
        profileUrl: view.profile.profile_url,
        siteName: settings.site_name,
        publicUrl: config.publicUrl,
      },
      { shape: 'standard', mode: 'auto', size: 'm' },
    );
    return {
      listing_id,
      status: view.status,
      launch_week: view.launch_week,
      outcome,
      badge:
        shown === 'brief'
          ? { embed_html: badge.embed_html }
          : {
              embed_html: badge.embed_html,
              markdown: badge.markdown,
              svg_url: badge.svg_url,
              profile_url: view.profile.profile_url,
              all_badges: view.profile.links.badges,
            },
      badge_check: view.badge_check,
      next_step: view.next_step,
    };
  },
});
