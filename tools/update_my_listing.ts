import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId, someText, visibleText, webAddress } from '../src/schema.js';
import {
  editListing,
  FOUNDED_YEAR,
  LISTING_FAQ_LIMITS,
  LISTING_LIST_FIELDS,
  LISTING_LIST_LIMITS,
  LISTING_TEXT_FIELDS,
  type ListingTextField,
} from '../src/listings/listing-edits.js';
import { ownerListing, ownerListingView } from '../src/listings/owner-view.js';
import { SOCIAL_KEYS, SOCIAL_LINK_MAX } from '../src/drafting/profile-fields.js';

const clearable = (schema: z.ZodType<string>) => z.union([z.literal(''), schema]);
/** Fields with a format beyond their length; "" clears any of them. */
const FORMATS: Partial<Record<ListingTextField, z.ZodType<string>>> = {
  country: clearable(z.string().regex(/^[A-Za-z]{2}$/, 'An ISO 3166-1 alpha-2 country code, e.g. PT')),
  contact_email: clearable(z.email().max(LISTING_TEXT_FIELDS.contact_email)),
  demo_video_url: clearable(webAddress('http or https', LISTING_TEXT_FIELDS.demo_video_url)),
  tagline: visibleText(LISTING_TEXT_FIELDS.tagline),
};
const list = z.array(someText(LISTING_LIST_LIMITS.itemMax)).max(LISTING_LIST_LIMITS.items);
const fields = z.strictObject({
  ...(Object.fromEntries(
    Object.entries(LISTING_TEXT_FIELDS).map(([name, max]) => [name, (FORMATS[name as ListingTextField] ?? z.string().max(max)).optional()]),
  ) as Record<ListingTextField, z.ZodOptional<z.ZodType<string>>>),
  founded_year: z.number().int().min(FOUNDED_YEAR.min).max(FOUNDED_YEAR.max).nullable().optional().describe('null clears it'),
  ...(Object.fromEntries(LISTING_LIST_FIELDS.map((name) => [name, list.optional()])) as Record<
    (typeof LISTING_LIST_FIELDS)[number],
    z.ZodOptional<typeof list>
  >),
});
const socials = z.strictObject(
  Object.fromEntries(SOCIAL_KEYS.map((key) => [key, webAddress('http or https', SOCIAL_LINK_MAX).optional()])) as Record<
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
    faqs: z
      .array(z.strictObject({ question: someText(LISTING_FAQ_LIMITS.question), answer: someText(LISTING_FAQ_LIMITS.answer) }))
      .max(LISTING_FAQ_LIMITS.faqs)
      .optional()
      .describe('Replaces every stored FAQ'),
  }),
  output: ownerListing.extend({ changed: z.array(z.string()).describe('The fields this edit changed (none: nothing was different)') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ listing_id, ...edit }, { services, caller }) {
    const changed = await editListing(services.db, caller.accountId, listing_id, edit, services.now());
    return { ...(await ownerListingView(services.db, caller.accountId, listing_id, services.config.publicUrl, services.now())), changed };
  },
});
