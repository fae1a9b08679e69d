import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownDraft, viewOfDraft } from '../src/drafting/draft-access.js';
import { editDraft } from '../src/drafting/draft-edits.js';
import { REGENERATE_FIELDS_JOB } from '../src/drafting/pipeline.js';
import { someName, someText, visibleName, visibleText, webAddress } from '../src/schema.js';
import { directorySpelling, LISTING_STAGES, PRICING_MODELS } from '../src/catalogue/listing-vocabulary.js';
import { briefDraftView, DRAFT_VIEWS, draftOutput } from '../src/drafting/draft-view.js';
import {
  LIMITS,
  LIST_FIELDS,
  PROFILE_FIELDS,
  STORY_SECTIONS,
  TEXT_FIELDS,
  type FieldValue,
  type ProfileField,
} from '../src/drafting/profile-fields.js';
import { profileSchemas, SOCIAL_KEYS } from '../src/listings/profile-rules.js';

const fieldName = z.enum(PROFILE_FIELDS as [ProfileField, ...ProfileField[]]);
/** Every field can be redrafted; categories are proposed again from the directory's category tree. */
const redraftable = z.enum(PROFILE_FIELDS as [ProfileField, ...ProfileField[]]);
const FORMATS: Partial<Record<ProfileField, z.ZodType<string>>> = {
  country: profileSchemas.country(),
  founded_year: profileSchemas.foundedYearText(),
  contact_email: profileSchemas.contactEmail(),
  logo_url: webAddress('http or https', TEXT_FIELDS.logo_url),
  demo_video_url: profileSchemas.demoVideoUrl(),
  name: visibleName(TEXT_FIELDS.name),
  tagline: visibleText(TEXT_FIELDS.tagline),
  stage: z
    .string()
    .max(TEXT_FIELDS.stage)
    .transform((value) => directorySpelling(value, LISTING_STAGES))
    .describe(LISTING_STAGES.join(', ')),
  pricing_model: z
    .string()
    .max(TEXT_FIELDS.pricing_model)
    .transform((value) => directorySpelling(value, PRICING_MODELS))
    .describe(PRICING_MODELS.join(', ')),
};
const list = profileSchemas.list();
const fields = z.strictObject({
  ...Object.fromEntries(
    Object.entries(TEXT_FIELDS).map(([name, max]) => [name, (FORMATS[name as ProfileField] ?? z.string().max(max)).nullable().optional()]),
  ),
  ...Object.fromEntries(LIST_FIELDS.map((name) => [name, list.nullable().optional()])),
} as unknown as Record<ProfileField, z.ZodOptional<z.ZodNullable<z.ZodType<FieldValue>>>>);
const httpLink = profileSchemas.socialLink();
const socials = z.strictObject(Object.fromEntries(SOCIAL_KEYS.map((key) => [key, httpLink.nullable().optional()])));

export default defineTool({
  name: 'update_draft',
  title: 'Edit a draft',
  toolset: 'submission',
  description:
    "Send only what changes. fields: null removes a value; categories are names or slugs (list_categories), the first primary. lock_fields keeps fields from redrafts; restore brings back the AI value; regenerate redrafts fields in the background (poll get_draft). faqs, founders (first is primary), milestones, story, seo and socials replace what is stored. Also updates a submitted draft's listing until it is published.",
  http: { method: 'PATCH', path: '/drafts/{id}', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404, 409],
  crossFieldRules: [
    { path: /^\/regenerate$/, message: /both set in fields and asked to be regenerated/ },
    { path: /^\/fields\/categories\/\d+$/, message: /Unknown category/ },
    { path: /^\/founders\/\d+\/name$/, message: /site team|check marks|"Member"/ },
  ],
  input: z.strictObject({
    id: z.uuid(),
    view: z.enum(DRAFT_VIEWS).default('full').describe("brief: as get_draft's brief view"),
    fields: fields.optional(),
    lock_fields: z.array(fieldName).max(LIMITS.lockFields).optional(),
    regenerate: z.array(redraftable).max(LIMITS.regenerateFields).optional(),
    restore: z.array(fieldName).max(LIMITS.restoreFields).optional(),
    faqs: profileSchemas.faqs().optional(),
    company_socials: socials.optional(),
    founder_socials: socials.optional().describe("The primary founder's"),
    founders: z
      .array(
        z.strictObject({
          name: someName(LIMITS.founderName).describe(
            'As people know them: not the site team, no check marks, not "Member" and six characters',
          ),
          title: z.string().max(LIMITS.founderTitle).nullable().optional(),
          bio: z.string().max(LIMITS.founderBio).nullable().optional(),
        }),
      )
      .max(LIMITS.founders)
      .optional(),
    story: z
      .strictObject(
        Object.fromEntries(
          STORY_SECTIONS.map((section) => [
            section,
            z
              .string()
              .max(section === 'title' ? LIMITS.storyTitle : LIMITS.storySection)
              .nullable()
              .optional(),
          ]),
        ),
      )
      .optional()
      .describe('In your own words'),
    milestones: z
      .array(
        z.strictObject({
          date: z.iso.date(),
          title: someText(LIMITS.milestoneTitle),
          description: z.string().max(LIMITS.milestoneDescription).nullable().optional(),
          url: webAddress('https', LIMITS.milestoneUrl).nullable().optional(),
        }),
      )
      .max(LIMITS.milestones)
      .optional(),
    competitor_url: z
      .union([z.literal(''), webAddress('http or https', LIMITS.competitorUrl)])
      .optional()
      .describe('A competitor\'s website (http or https); "" clears it'),
    seo: z
      .strictObject({
        title: z.string().max(LIMITS.seoTitle).nullable().optional(),
        meta: z.string().max(LIMITS.seoMeta).nullable().optional(),
      })
      .optional(),
  }),
  output: draftOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ id, view, ...edits }, { services, caller }) {
    const { db } = services;
    await ownDraft(db, caller, id);
    const { draft, regenerate } = await editDraft(db, id, edits, services.now);
    // After the commit: on the embedded database the queue waits for the transaction to end.
    if (regenerate.length > 0) await services.jobs.enqueue(REGENERATE_FIELDS_JOB, { draftId: draft.id, fields: regenerate });
    const answer = await viewOfDraft(db, draft);
    return view === 'brief' ? briefDraftView(answer) : answer;
  },
});
