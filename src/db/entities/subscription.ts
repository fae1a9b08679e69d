import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Account } from './account.js';

const CADENCE_CHECK = (table: string, cadences: string) => ({ name: `${table}_cadence_check`, expression: `cadence IN (${cadences})` });

/** mail_subscriptions: mail a person asked for (the digest), confirmed or waiting for its double opt-in link. */
export const MailSubscription = defineEntity({
  name: 'MailSubscription',
  tableName: 'mail_subscriptions',
  properties: {
    id: p.uuid().primary(),
    email: p.text(),
    account: () =>
      p
        .manyToOne(Account)
        .ref()
        .nullable()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('mail_subscriptions_account_id_fkey'),
    topic: p.text(),
    subjectId: p.integer().default(0),
    cadence: p.text(),
    createdAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'mail_subscriptions_topic_check', expression: "topic IN ('digest', 'category', 'launch')" },
    CADENCE_CHECK('mail_subscriptions', "'weekly', 'daily', 'once'"),
  ],
  indexes: [
    {
      name: 'mail_subscriptions_account_idx',
      expression: 'CREATE INDEX mail_subscriptions_account_idx ON mail_subscriptions (account_id) WHERE account_id IS NOT NULL',
    },
    {
      name: 'mail_subscriptions_subject_idx',
      expression: 'CREATE INDEX mail_subscriptions_subject_idx ON mail_subscriptions (topic, subject_id) WHERE confirmed_at IS NOT NULL',
    },
    {
      name: 'mail_subscriptions_confirmed_idx',
      expression: 'CREATE INDEX mail_subscriptions_confirmed_idx ON mail_subscriptions (topic, cadence) WHERE confirmed_at IS NOT NULL',
    },
  ],
  uniques: [{ name: 'mail_subscriptions_one_per_subject', properties: ['email', 'topic', 'subjectId'] }],
});
export type MailSubscription = InferEntity<typeof MailSubscription>;

/** notification_preferences: whether a signed-in person hears of replies, and a maker of new reviews and comments (no row: yes). */
export const NotificationPreference = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preferences',
  properties: {
    account: () =>
      p
        .manyToOne(Account)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('notification_preferences_account_id_fkey'),
    replies: p.boolean().default(true),
    makerActivity: p.boolean().default(true),
    updatedAt: p.datetime(),
  },
});
export type NotificationPreference = InferEntity<typeof NotificationPreference>;

/** digest_issues: each digest sent, once per cadence and period, with the launches it carried. */
export const DigestIssue = defineEntity({
  name: 'DigestIssue',
  tableName: 'digest_issues',
  properties: {
    cadence: p.text().primary(),
    period: p.date().primary(),
    createdAt: p.datetime(),
    recipients: p.integer(),
    launches: p.json(),
  },
  checks: [CADENCE_CHECK('digest_issues', "'weekly', 'daily'")],
});
export type DigestIssue = InferEntity<typeof DigestIssue>;
