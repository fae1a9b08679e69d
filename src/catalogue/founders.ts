import type { Database } from '../db/database.js';
import { z } from 'zod';
import { isoDateTime, listingSummary, offsetOf } from '../schema.js';
import { containsPattern } from './query-escapes.js';
import { PUBLIC_STATUSES, SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './listing-summary.js';

/** Founders are public only through their live listings. */
const LIVE_FOUNDERS = `
  SELECT lf.founder_id, max(l.votes_count) AS top_votes
  FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
  WHERE l.status = 'live'
  GROUP BY lf.founder_id`;

export interface FounderFilter {
  /** Part of the name, or a slightly misspelled name. */
  q?: string;
  /** Upper-case ISO 3166 code. */
  country?: string;
}

const founderTitle = z.string().nullable().describe('Role, e.g. "CEO & co-founder"');
const profileUrl = z.string().describe("The founder's public page on this site");

/** A founder as list_founders answers it (the published schema and the type in one). */
export const founderListItem = z.object({
  slug: z.string(),
  name: z.string(),
  title: founderTitle,
  country: z.string().nullable(),
  avatar_url: z.string().nullable(),
  companies: z.array(z.object({ slug: z.string(), name: z.string() })).describe('Live listings the person founded, most-voted first'),
  profile_url: profileUrl,
});
export type FounderListItem = z.infer<typeof founderListItem>;

/**
 * Founders of at least one live listing. A name query matches a case-insensitive part of the name or a
 * similar word (trigram word similarity, so "jonh" finds "John Smith"); closest names come first. Then,
 * and without a query, founders whose most-voted live company has the most votes come first.
 */
export async function listFounders(
  db: Database,
  filter: FounderFilter,
  paging: { page: number; per_page: number },
  publicUrl: string,
): Promise<{ items: FounderListItem[]; total: number }> {
  const q = filter.q?.trim() || null;
  const params = [q, q && containsPattern(q), filter.country ?? null];
  const from = `(${LIVE_FOUNDERS}) lv JOIN founders f ON f.id = lv.founder_id
    WHERE ($1::text IS NULL OR f.name ILIKE $2::text OR $1::text <% f.name)
      AND ($3::text IS NULL OR f.country = $3::text)`;
  const [counted, rows] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params),
    db.query<Omit<FounderListItem, 'profile_url'>>(
      `SELECT page.slug, page.name, page.title, page.country, page.avatar_url,
         (SELECT json_agg(json_build_object('slug', l.slug, 'name', l.name) ORDER BY l.votes_count DESC, l.id)
          FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id
          WHERE lf.founder_id = page.id AND l.status = 'live') AS companies
       FROM (
         SELECT f.id, f.slug, f.name, f.title, f.country::text AS country, f.avatar_url, lv.top_votes,
           CASE WHEN $1::text IS NULL THEN 0 ELSE word_similarity($1::text, f.name) END AS closeness
         FROM ${from}
         ORDER BY closeness DESC, lv.top_votes DESC, f.name, f.id
         LIMIT $4 OFFSET $5
       ) page
       ORDER BY page.closeness DESC, page.top_votes DESC, page.name, page.id`,
      [...params, paging.per_page, offsetOf(paging)],
    ),
  ]);
  return {
    items: rows.map((row) => ({ ...row, profile_url: founderUrl(publicUrl, row.slug) })),
    total: counted?.total ?? 0,
  };
}

const founderUrl = (publicUrl: string, slug: string) => `${publicUrl}/founders/${slug}`;

const STORY_SECTIONS = ['story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;
type StorySection = (typeof STORY_SECTIONS)[number];
const storyText = z.string().nullable();

const founderStory = z.object({
  title: z.string().nullable(),
  sections: z
    .object(Object.fromEntries(STORY_SECTIONS.map((section) => [section, storyText])) as Record<StorySection, typeof storyText>)
    .describe("The founder's own words; a section is null when not written"),
  listing: z.object({ slug: z.string(), name: z.string() }).describe('The company the story is about'),
  published_at: isoDateTime,
});

/** A founder's public profile as get_founder answers it. */
export const founderProfile = z.object({
  slug: z.string(),
  name: z.string(),
  title: founderTitle,
  bio: z.string(),
  country: z.string().nullable(),
  avatar_url: z.string().nullable(),
  socials: z.record(z.string(), z.string()).describe('Platform key to link'),
  companies: z
    .array(listingSummary.extend({ role: z.string().nullable().describe("The founder's role at this company") }))
    .describe('Live listings the person founded, most-voted first'),
  stories: z.array(founderStory).describe('Published founder stories, newest first'),
  interview: z
    .array(z.object({ question_id: z.number().int(), question: z.string(), answer: z.string(), answered_at: isoDateTime }))
    .describe("The founder's answers to the interview questions, in the questions' order"),
  profile_url: profileUrl,
});
export type FounderProfile = z.infer<typeof founderProfile>;
type FounderStory = z.infer<typeof founderStory>;

/** A founder's public profile, or undefined when the slug is unknown or the founder has no public (live or upcoming) listing. */
export async function findFounder(db: Database, slug: string, publicUrl: string): Promise<FounderProfile | undefined> {
  const founder = await db.one<Omit<FounderProfile, 'companies' | 'stories' | 'interview' | 'profile_url'> & { id: number }>(
    `SELECT id, slug, name, title, bio, country::text AS country, avatar_url, socials FROM founders WHERE slug = $1`,
    [slug],
  );
  if (!founder) return undefined;
  const companies = await db.query<SummaryRow & { role: string | null }>(
    `SELECT ${SUMMARY_COLUMNS}, lf.role
     FROM ${SUMMARY_FROM} JOIN listing_founders lf ON lf.listing_id = l.id
     WHERE lf.founder_id = $1 AND l.status = ANY($2::text[])
     ORDER BY l.votes_count DESC, l.id`,
    [founder.id, PUBLIC_STATUSES],
  );
  if (companies.length === 0) return undefined;
  const { id, ...profile } = founder;
  return {
    ...profile,
    companies: companies.map((row) => ({ ...toSummary(row, publicUrl), role: row.role })),
    stories: await publishedStories(db, id),
    interview: await interviewAnswers(db, id),
    profile_url: founderUrl(publicUrl, founder.slug),
  };
}

/** The founder's interview answers (questions retired since still show what was answered). */
function interviewAnswers(db: Database, founderId: number): Promise<FounderProfile['interview']> {
  return db.query<FounderProfile['interview'][number] & Record<string, unknown>>(
    `SELECT a.question_id, q.text AS question, a.answer, iso_time(a.answered_at) AS answered_at
     FROM interview_answers a JOIN interview_questions q ON q.id = a.question_id
     WHERE a.founder_id = $1 ORDER BY q.position, q.id`,
    [founderId],
  );
}

/** Stories the founder wrote that are published on a public listing with the paid story section unlocked, newest first. */
async function publishedStories(db: Database, founderId: number): Promise<FounderStory[]> {
  const rows = await db.query<
    Record<StorySection, string | null> & { title: string | null; listing_slug: string; listing_name: string; published_at: string }
  >(
    `SELECT s.title, ${STORY_SECTIONS.map((section) => `s.${section}`).join(', ')},
       l.slug AS listing_slug, l.name AS listing_name, iso_time(s.published_at) AS published_at
     FROM stories s JOIN listings l ON l.id = s.listing_id
     WHERE s.founder_id = $1 AND s.published_at IS NOT NULL
       AND l.status = ANY($2::text[]) AND 'story' = ANY (l.unlocked_sections)
     ORDER BY s.published_at DESC, s.id DESC`,
    [founderId, PUBLIC_STATUSES],
  );
  return rows.map((row) => ({
    title: row.title,
    sections: Object.fromEntries(STORY_SECTIONS.map((section) => [section, row[section]])) as Record<StorySection, string | null>,
    listing: { slug: row.listing_slug, name: row.listing_name },
    published_at: row.published_at,
  }));
}
