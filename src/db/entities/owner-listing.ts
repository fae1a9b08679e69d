import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { Founder } from './founder.js';
import { InterviewQuestion } from './interview-question.js';
import { Listing } from './listing.js';
import type { JsonValue } from './json-types.js';

/** One field's change in a listing version. */
export interface FieldChange {
  before: JsonValue;
  after: JsonValue;
}

/** listing_versions: every change to a listing, who made it and when, with each field's before and after. */
export const ListingVersion = defineEntity({
  name: 'ListingVersion',
  tableName: 'listing_versions',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    listing: () =>
      p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_versions_listing_id_fkey'),
    account: () =>
      p
        .manyToOne(Account)
        .ref()
        .nullable()
        .deleteRule('set null')
        .updateRule('no action')
        .foreignKeyName('listing_versions_account_id_fkey'),
    /** The operation that made the change, e.g. update_my_listing. */
    operation: p.text(),
    changes: p.json<Record<string, FieldChange>>(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    {
      name: 'listing_versions_listing_idx',
      expression: 'CREATE INDEX listing_versions_listing_idx ON listing_versions(listing_id, created_at DESC, id DESC)',
    },
  ],
});
export type ListingVersion = InferEntity<typeof ListingVersion>;

export const BADGE_FOUND_AS = ['link', 'image'] as const;

/** badge_checks: the latest look at a free listing's homepage for its badge. */
export const BadgeCheck = defineEntity({
  name: 'BadgeCheck',
  tableName: 'badge_checks',
  properties: {
    listing: () =>
      p
        .oneToOne(Listing)
        .owner()
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('badge_checks_listing_id_fkey'),
    checkedAt: p.datetime(),
    found: p.boolean(),
    /** The page read (after redirects). */
    pageUrl: p.text().nullable(),
    foundAs: p.enum(BADGE_FOUND_AS).nullable(),
    /** What was looked for and what was seen, for the owner. */
    detail: p.text(),
    nextCheckAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'badge_checks_next_idx', properties: ['nextCheckAt'] }],
});
export type BadgeCheck = InferEntity<typeof BadgeCheck>;

/** interview_answers: a founder's answers to the interview questions, shown on their public profile. */
export const InterviewAnswer = defineEntity({
  name: 'InterviewAnswer',
  tableName: 'interview_answers',
  properties: {
    founder: () =>
      p
        .manyToOne(Founder)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('interview_answers_founder_id_fkey'),
    question: () =>
      p
        .manyToOne(InterviewQuestion)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('interview_answers_question_id_fkey'),
    answer: p.text(),
    answeredAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['founder', 'question'],
});
export type InterviewAnswer = InferEntity<typeof InterviewAnswer>;

/** job_schedule: the last period each kind of periodic work was started for (one instance starts it). */
export const JobSchedule = defineEntity({
  name: 'JobSchedule',
  tableName: 'job_schedule',
  properties: {
    name: p.text().primary(),
    lastPeriod: p.text(),
  },
});
export type JobSchedule = InferEntity<typeof JobSchedule>;

const JOB_RUN_TRIGGERS = ['schedule', 'operator'] as const;
const JOB_RUN_OUTCOMES = ['ok', 'failed', 'abandoned'] as const;

/** job_runs: every run of a recurring job; a row not finished is the job's lease (one per name). */
export const JobRun = defineEntity({
  name: 'JobRun',
  tableName: 'job_runs',
  properties: {
    id: p.bigint().primary().autoincrement(),
    name: p.text(),
    period: p.text(),
    trigger: p.enum(JOB_RUN_TRIGGERS),
    startedAt: p.datetime(),
    heartbeatAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
    outcome: p.enum(JOB_RUN_OUTCOMES).nullable(),
    summary: p.text().default(''),
  },
  indexes: [
    { name: 'job_runs_running_idx', expression: 'CREATE UNIQUE INDEX job_runs_running_idx ON job_runs (name) WHERE finished_at IS NULL' },
    { name: 'job_runs_name_idx', expression: 'CREATE INDEX job_runs_name_idx ON job_runs (name, started_at DESC)' },
  ],
});
export type JobRun = InferEntity<typeof JobRun>;
