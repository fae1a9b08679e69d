import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId, visibleText } from '../src/schema.js';
import { editListing } from '../src/listings/listing-edits.js';
import {
  LISTING_LIST_FIELDS,
  LISTING_TEXT_FIELDS,
  type ListingTextField,
  profileSchemas,
  SOCIAL_KEYS,
} from '../src/listings/profile-rules.js';
import { ownerListing, ownerListingView } from '../src/listings/owner-view.js';

const clearable = (schema: z.ZodType<string, string>) => z.union([z.literal(''), schema]);
/** Fields with a format beyond their length; "" clears any of them. */
const FORMATS: Partial<Record<ListingTextField, z.ZodType<string>>> = {
  country: clearable(profileSchemas.country()),
  contact_email: clearable(profileSchemas.contactEmail()),
  demo_video_url: clearable(profileSchemas.demoVideoUrl()),
  tagline: visibleText(LISTING_TEXT_FIELDS.tagline),
};
const list = profileSchemas.list();
const fields = z.strictObject({
  ...(Object.fromEntries(
    Object.entries(LISTING_TEXT_FIELDS).map(([name, max]) => [name, (FORMATS[name as ListingTextField] ?? z.string().max(max)).optional()]),
  ) as Record<ListingTextField, z.ZodOptional<z.ZodType<string>>>),
  founded_year: profileSchemas.foundedYearNumber().nullable().optional().describe('null clears it'),
  ...(Object.fromEntries(LISTING_LIST_FIELDS.map((name) => [name, list.optional()])) as Record<
    (typeof LISTING_LIST_FIELDS)[number],
    z.ZodOptional<typeof list>
  >),
});
const socials = z.strictObject(
  Object.fromEntries(SOCIAL_KEYS.map((key) => [key, profileSchemas.socialLink().optional()])) as Record<
    (typeof SOCIAL_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

export default defineTool({
  name: 'update_my_listing',
  title: 'Edit my listing',
  toolset: 'listings',
  description:
    'Send only what changes ("" clears a text field). A live listing shows the edit at once; every edit is kept in the version history. Answers the owner view and the fields that changed.',
  http: { method: 'PATCH', path: '/me/listings/{listing_id}', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    listing_id: recordId('The listing id'),
    fields: fields.optional(),
    socials: socials.optional().describe('Replaces every stored link'),
    faqs: profileSchemas.faqs().optional().describe('Replaces every stored FAQ'),
  }),
  output: ownerListing.extend({ changed: z.array(z.string()).describe('The fields this edit changed (none: nothing was different)') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ listing_id, ...edit }, { services, caller }) {
    const changed = await editListing(services.db, caller.accountId, listing_id, edit, services.now());
    return { ...(await ownerListingView(services.db, caller.accountId, listing_id, services.config.publicUrl, services.now())), changed };
  },
});
