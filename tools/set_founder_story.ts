import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, recordId } from '../src/schema.js';
import { setFounderStory, STORY_FIELDS, type StorySection } from '../src/listings/founder-story.js';

const SECTION_MAX = 8000;
const TITLE_MAX = 200;
const sections = Object.keys(STORY_FIELDS) as StorySection[];

export default defineTool({
  name: 'set_founder_story',
  title: "Set my listing's founder story",
  toolset: 'listings',
  description:
    "In the founder's own words (no AI drafts it), by section; replaces the whole story (unsent sections are removed). Public while the listing is published with paid sections unlocked, and on the first founder's profile.",
  http: { method: 'PUT', path: '/me/listings/{listing_id}/story', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    listing_id: recordId('The listing id'),
    ...(Object.fromEntries(
      sections.map((section) => [
        section,
        z
          .string()
          .max(section === 'title' ? TITLE_MAX : SECTION_MAX)
          .nullable()
          .optional(),
      ]),
    ) as Record<StorySection, z.ZodOptional<z.ZodNullable<z.ZodString>>>),
  }),
  output: z.object({
    listing_id: z.number().int(),
    story: z.object({
      ...(Object.fromEntries(sections.map((section) => [section, z.string().nullable()])) as Record<
        StorySection,
        z.ZodNullable<z.ZodString>
      >),
      published_at: isoDateTime.nullable(),
    }),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ listing_id, ...story }, { services, caller }) {
    return { listing_id, story: await setFounderStory(services.db, caller.accountId, listing_id, story, services.now()) };
  },
});
