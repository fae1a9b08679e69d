import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { slug } from '../src/schema.js';
import { unknownListing } from '../src/catalogue/close-slugs.js';
import { listingProfile, loadListingProfile } from '../src/catalogue/listing-profile.js';
import { listingTag } from '../src/catalogue/listing-changes.js';

export default defineTool({
  name: 'get_listing',
  title: 'Get a listing',
  toolset: 'directory',
  description:
    "A product's full public profile by slug. categories: primary first; community_rating: genuine reviews only; domain_rating: third-party SEO data, with its 30-day trend; not_found_on_website: facts its own site does not state (left blank, never guessed). The paid sections story, milestones and media appear only when unlocked. Live and upcoming listings; other slugs 404.",
  http: { method: 'GET', path: '/listings/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  // Kept per instance until the database announces a change of the listing (its document or counters).
  cache: { tags: (profile) => [listingTag(profile.id)] },
  input: z.strictObject({ slug: slug('listing') }),
  output: listingProfile,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug }, { services }) {
    const profile = await loadListingProfile(services.db, slug, services.config.publicUrl);
    if (!profile) throw await unknownListing(services.db, slug);
    return profile;
  },
});
