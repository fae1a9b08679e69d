import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { slug } from '../src/schema.js';
import { NotFoundError } from '../src/errors.js';
import { findFounder, founderProfile } from '../src/catalogue/founders.js';

export default defineTool({
  name: 'get_founder',
  title: 'Get a founder',
  toolset: 'directory',
  description:
    "A founder's public profile by slug (list_founders or a listing's founders): bio, socials, their live and upcoming companies with their role in each, and their published founder stories. Founders of no live or upcoming listing: 404.",
  http: { method: 'GET', path: '/founders/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('founder') }),
  output: founderProfile,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug }, { services }) {
    const founder = await findFounder(services.db, slug, services.config.publicUrl);
    if (!founder) throw new NotFoundError('founder', slug);
    return founder;
  },
});
