import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Account } from './account.js';

const CADENCE_CHECK = (table: string) => ({ name: `${table}_cadence_check`, expression: "cadence IN ('weekly', 'daily')" });

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
    cadence: p.text(),
    createdAt: p.datetime(),
    confirmedAt: p.datetime().nullable(),
  },
  checks: [{ name: 'mail_subscriptions_topic_check', expression: "topic IN ('digest')" }, CADENCE_CHECK('mail_subscriptions')],
  indexes: [
    {
      name: 'mail_subscriptions_account_idx',
      expression: 'CREATE INDEX mail_subscriptions_account_idx ON mail_subscriptions (account_id) WHERE account_id IS NOT NULL',
    },
    {
      name: 'mail_subscriptions_confirmed_idx',
      expression: 'CREATE INDEX mail_subscriptions_confirmed_idx ON mail_subscriptions (topic, cadence) WHERE confirmed_at IS NOT NULL',
    },
  ],
  uniques: [{ name: 'mail_subscriptions_one_per_topic', properties: ['email', 'topic'] }],
});
export type MailSubscription = InferEntity<typeof MailSubscription>;

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
  checks: [CADENCE_CHECK('digest_issues')],
});
export type DigestIssue = InferEntity<typeof DigestIssue>;
