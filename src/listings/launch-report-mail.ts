/**
 * The launch report's mail (launch-report.ts): the job `mail_launch_report`, queued in the transaction that took
 * the report, mails each owner of the listing the week's figures, with a link to the owner's stats page. Each
 * mail's id is fixed by the listing, the week and the address, so a job that runs again sends nothing twice.
 */
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { stableMailId } from '../mail/mail-id.js';
import { addDays, weekLabel } from '../catalogue/weeks.js';
import { loadSiteName } from '../catalogue/site-settings.js';
import { ownerEmails } from './ownership.js';
import { launchReportData, MAIL_LAUNCH_REPORT_JOB, type LaunchReport } from './launch-report.js';

export interface LaunchReportMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** Registers the job (with the other follow-ups of the recurring jobs: src/schedule/recurring-jobs.ts). */
export function defineLaunchReportMailJob(queue: JobQueue, deps: LaunchReportMailDeps): void {
  queue.define<LaunchReport>(MAIL_LAUNCH_REPORT_JOB, async (data) => void (await mailLaunchReport(deps, launchReportData.parse(data))), {
    maxAttempts: 5,
  });
}

/** Mails the report to each owner of its listing (their addresses as of now); answers how many mails. */
async function mailLaunchReport(deps: LaunchReportMailDeps, report: LaunchReport): Promise<number> {
  const emails = await ownerEmails(deps.db, report.listing_id);
  const { subject, text } = launchReportMail({ publicUrl: deps.publicUrl, siteName: await loadSiteName(deps.db) }, report);
  for (const email of emails) {
    await deps.mailer.send({ id: stableMailId(`launch-report:${report.listing_id}:${report.week}:${email}`), to: email, subject, text });
  }
  return emails.length;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The mail's subject and plain text: the week's figures, the final rank and the award, and where to see every day
 * (`siteName`: the site_name setting as it is when the mail is made).
 */
export function launchReportMail(site: { publicUrl: string; siteName: string }, report: LaunchReport): { subject: string; text: string } {
  const { publicUrl, siteName } = site;
  const label = weekLabel({ start: report.week, end: addDays(report.week, 6) });
  const rank =
    report.final_rank === null
      ? 'not ranked (no counted vote that week)'
      : `#${report.final_rank} of ${plural(report.ranked_listings, 'listing', 'listings')}`;
  const lines = [
    `Page views: ${report.views}`,
    `Unique visitors: ${report.visitors}`,
    `Visits to your website: ${report.clicks}`,
    `Votes that week: ${report.votes}`,
    `Final rank on the weekly board: ${rank}`,
    `Award: ${report.award ? report.award.title : 'none'}`,
  ];
  return {
    subject: `${report.name}: your launch week in numbers (${label})`,
    text:
      `The launch week of ${report.name} (${label}, the week of ${report.week}) has ended. What it did:\n\n` +
      `${lines.join('\n')}\n\n` +
      `Every day's numbers, the sites that show your badge, and a CSV: ${publicUrl}/account/listings/${report.listing_id}/stats\n` +
      `Your listing: ${publicUrl}/listings/${report.slug}\n\n` +
      `You get this once, because you own ${report.name} on ${siteName}. Views count people only (no bots), ` +
      'visitors and website visits each person once a day.',
  };
}
