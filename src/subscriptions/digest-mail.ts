/**
 * The digest as a mail: a plain-text part and an HTML part made from the same issue. The HTML is a single table with
 * inline styles (what mail clients render), every value escaped; the logos are the service's own kept images.
 */
import { html, type SafeHtml } from '../text/html.js';
import type { Cadence } from './subscriptions.js';

/** One launch as the issue carries it (absolute addresses: the mail is read far from the site). */
export type DigestLaunch = {
  rank: number;
  name: string;
  tagline: string;
  url: string;
  logo_url: string | null;
  votes: number;
  /** Launch of the Week rank (1-3) of the week the weekly digest covers; null otherwise. */
  award: number | null;
};

export interface DigestMailInput {
  siteName: string;
  publicUrl: string;
  cadence: Cadence;
  /** "Week 47, 2026" or the day. */
  title: string;
  launches: DigestLaunch[];
  unsubscribeUrl: string;
}

const votesText = (votes: number) => `${votes} ${votes === 1 ? 'vote' : 'votes'}`;
const awardText = (rank: number | null) => (rank === null ? '' : `Launch of the Week #${rank}`);

export function digestMail(input: DigestMailInput): { subject: string; text: string; html: string } {
  const what = input.cadence === 'weekly' ? 'the week' : 'the day';
  const subject = `Top launches of ${input.title} on ${input.siteName}`;
  return { subject, text: textPart(input, what), html: htmlPart(input, subject, what).value };
}

function textPart(input: DigestMailInput, what: string): string {
  const items = input.launches.map((launch) => {
    const award = launch.award === null ? '' : ` · ${awardText(launch.award)}`;
    return `${launch.rank}. ${launch.name}: ${launch.tagline}\n   ${votesText(launch.votes)} this ${what.slice(4)}${award}\n   ${launch.url}`;
  });
  return (
    `The top launches of ${what} (${input.title}) on ${input.siteName}, by community votes:\n\n${items.join('\n\n')}\n\n` +
    `All launches: ${input.publicUrl}/leaderboards/community-weekly\n\n` +
    `You get the ${input.cadence} digest because you asked for it. Stop it: ${input.unsubscribeUrl}\n` +
    `Change how often it comes: ${input.publicUrl}/account/notifications`
  );
}

function launchRow(launch: DigestLaunch, what: string): SafeHtml {
  const logo = launch.logo_url
    ? html`<img src="${launch.logo_url}" width="40" height="40" alt="" style="display:block;border-radius:8px">`
    : html`<div style="width:40px;height:40px;border-radius:8px;background:#e8e4f8;color:#3b2a8a;font:bold 16px/40px sans-serif;text-align:center">${[...launch.name][0] ?? ''}</div>`;
  const award =
    launch.award === null
      ? ''
      : html` <br><span style="display:inline-block;margin-top:4px;padding:1px 6px;border-radius:4px;background:#fff3d6;color:#6b4500;font-size:13px;font-weight:bold">${awardText(launch.award)}</span>`;
  return html`<tr><td style="padding:12px 8px;vertical-align:top;color:#666;font:14px sans-serif">${launch.rank}</td>
<td style="padding:12px 8px;vertical-align:top">${logo}</td>
<td style="padding:12px 8px;vertical-align:top;font:15px/1.4 sans-serif"><a href="${launch.url}" style="color:#3b2a8a;font-weight:bold;text-decoration:none">${launch.name}</a><br>
<span style="color:#333">${launch.tagline}</span><br><span style="color:#666;font-size:13px">▲ ${votesText(launch.votes)} this ${what.slice(4)}</span>${award}</td></tr>`;
}

function htmlPart(input: DigestMailInput, subject: string, what: string): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f6f6f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff">
<tr><td colspan="3" style="padding:20px 8px 4px;font:bold 20px sans-serif;color:#111">${input.siteName}</td></tr>
<tr><td colspan="3" style="padding:0 8px 12px;font:15px sans-serif;color:#333">The top launches of ${what} (${input.title}), by community votes.</td></tr>
${input.launches.map((launch) => launchRow(launch, what))}
<tr><td colspan="3" style="padding:16px 8px;font:14px sans-serif"><a href="${input.publicUrl}/leaderboards/community-weekly" style="color:#3b2a8a">All launches and leaderboards</a></td></tr>
<tr><td colspan="3" style="padding:16px 8px 24px;font:12px/1.5 sans-serif;color:#666;border-top:1px solid #ddd">You get the ${input.cadence} digest because you asked for it.
<a href="${input.unsubscribeUrl}" style="color:#666">Unsubscribe</a> · <a href="${input.publicUrl}/account/notifications" style="color:#666">Change how often</a></td></tr>
</table></body></html>`;
}
