import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, listingSummary, slug } from '../src/schema.js';
import { NotFoundError } from '../src/errors.js';
import { findFounder } from '../src/catalogue/founders.js';

const storyText = z.string().nullable();

export default defineTool({
  name: 'get_founder',
  title: 'Get a founder',
  description:
    "A founder's public profile by slug (from list_founders or a listing's founders): bio, socials, the live and " +
    'upcoming companies they founded with their role in each, and the founder stories they published (the story of the ' +
    'company in sections: why it started, the problem, the journey, challenges, achievements, lessons, what is next). ' +
    'Only founders of at least one live or upcoming listing are public; others answer 404.',
  http: { method: 'GET', path: '/founders/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('founder') }),
  output: z.object({
    slug: z.string(),
    name: z.string(),
    title: z.string().nullable().describe('Role, e.g. "CEO & co-founder"'),
    bio: z.string(),
    country: z.string().nullable(),
    avatar_url: z.string().nullable(),
    socials: z.record(z.string(), z.string()).describe('Platform key to link'),
    companies: z
      .array(listingSummary.extend({ role: z.string().nullable().describe("The founder's role at this company") }))
      .describe('Live listings the person founded, most-voted first'),
    stories: z
      .array(
        z.object({
          title: z.string().nullable(),
          sections: z
            .object({
              story: storyText,
              why_started: storyText,
              problem: storyText,
              journey: storyText,
              challenges: storyText,
              achievements: storyText,
              lessons: storyText,
              whats_next: storyText,
            })
            .describe("The founder's own words; a section is null when not written"),
          listing: z.object({ slug: z.string(), name: z.string() }).describe('The company the story is about'),
          published_at: isoDateTime,
        }),
      )
      .describe('Published founder stories, newest first'),
    profile_url: z.string().describe("The founder's public page on this site"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug }, { services }) {
    const founder = await findFounder(services.db, slug, services.config.publicUrl);
    if (!founder) throw new NotFoundError('founder', slug);
    return founder;
  },
});
