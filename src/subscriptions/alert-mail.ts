/**
 * The page subscriptions' mail (issue 53), as the digest's: a plain-text part and an HTML part made from the same
 * values, the HTML a single table with inline styles, every value escaped. A category alert lists the day's new
 * launches of each category followed, each category with its own link to stop it; a launch alert says one listing is
 * live.
 */
import { html, type SafeHtml } from '../text/html.js';

/** A launch as the mail shows it (absolute addresses: the mail is read far from the site). */
export type AlertLaunch = { name: string; tagline: string; url: string; logo_url: string | null };

/** One followed category's part of a day's mail. */
export type AlertCategory = { name: string; url: string; unsubscribeUrl: string; launches: AlertLaunch[] };

type Mail = { subject: string; text: string; html: string };

const FOOT = 'font:12px/1.5 sans-serif;color:#666';

function logo(launch: AlertLaunch): SafeHtml {
  return launch.logo_url
    ? html`<img src="${launch.logo_url}" width="40" height="40" alt="" style="display:block;border-radius:8px">`
    : html`<div style="width:40px;height:40px;border-radius:8px;background:#e8e4f8;color:#3b2a8a;font:bold 16px/40px sans-serif;text-align:center">${[...launch.name][0] ?? ''}</div>`;
}

function launchRow(launch: AlertLaunch): SafeHtml {
  return html`<tr><td width="56" style="width:40px;padding:10px 8px;vertical-align:top">${logo(launch)}</td>
<td style="padding:10px 8px;vertical-align:top;font:15px/1.4 sans-serif"><a href="${launch.url}" style="color:#3b2a8a;font-weight:bold;text-decoration:none">${launch.name}</a><br>
<span style="color:#333">${launch.tagline}</span></td></tr>`;
}

function page(subject: string, siteName: string, rows: SafeHtml): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:0;background:#f6f6f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff">
<tr><td colspan="2" style="padding:20px 8px 4px;font:bold 20px sans-serif;color:#111">${siteName}</td></tr>
${rows}
</table></body></html>`.value;
}

const count = (n: number) => `${n} new ${n === 1 ? 'launch' : 'launches'}`;

/** The day's mail to one follower: the new launches of each category they follow that had any. */
export function categoryAlertMail(input: { siteName: string; publicUrl: string; day: string; categories: AlertCategory[] }): Mail {
  const { siteName, publicUrl, day, categories } = input;
  const total = categories.reduce((sum, c) => sum + c.launches.length, 0);
  const names = categories.map((c) => c.name);
  const named = names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  const subject = `${count(total)} in ${named} on ${siteName}`;
  const text =
    `New launches of ${day} on ${siteName} in the categories you follow:\n\n` +
    categories
      .map(
        (c) =>
          `${c.name} (${c.url})\n${c.launches.map((l) => `- ${l.name}: ${l.tagline}\n  ${l.url}`).join('\n')}\n` +
          `Stop mail about ${c.name}: ${c.unsubscribeUrl}`,
      )
      .join('\n\n') +
    `\n\nYou get this because you follow these categories by mail. Everything you get: ${publicUrl}/account/notifications`;
  const sections = categories.map(
    (
      c,
    ) => html`<tr><td colspan="2" style="padding:16px 8px 0;font:bold 16px sans-serif"><a href="${c.url}" style="color:#111;text-decoration:none">${c.name}</a></td></tr>
${c.launches.map(launchRow)}
<tr><td colspan="2" style="padding:0 8px 8px;${FOOT}"><a href="${c.unsubscribeUrl}" style="color:#666">Stop mail about ${c.name}</a></td></tr>`,
  );
  const rows = html`<tr><td colspan="2" style="padding:0 8px 4px;font:15px sans-serif;color:#333">New launches of ${day} in the categories you follow.</td></tr>
${sections}
<tr><td colspan="2" style="padding:16px 8px 24px;${FOOT};border-top:1px solid #ddd">You get this because you follow these categories by mail.
<a href="${publicUrl}/account/notifications" style="color:#666">Everything you get</a></td></tr>`;
  return { subject, text, html: page(subject, siteName, rows) };
}

/** The one mail to a person who asked to be told when `listing` launches. */
export function launchAlertMail(input: { siteName: string; publicUrl: string; listing: AlertLaunch; unsubscribeUrl: string }): Mail {
  const { siteName, publicUrl, listing } = input;
  const subject = `${listing.name} is live on ${siteName}`;
  const text =
    `${listing.name} has launched on ${siteName}: ${listing.tagline}\n\n${listing.url}\n\n` +
    `You asked to be told when it launched; this is the only mail about it. Unsubscribe: ${input.unsubscribeUrl}\n` +
    `Everything you get: ${publicUrl}/account/notifications`;
  const rows = html`<tr><td colspan="2" style="padding:0 8px 4px;font:15px sans-serif;color:#333">${listing.name} has launched. Come and see it, vote and comment.</td></tr>
${launchRow(listing)}
<tr><td colspan="2" style="padding:16px 8px 24px;${FOOT};border-top:1px solid #ddd">You asked to be told when ${listing.name} launched; this is the only mail about it.
<a href="${input.unsubscribeUrl}" style="color:#666">Unsubscribe</a> · <a href="${publicUrl}/account/notifications" style="color:#666">Everything you get</a></td></tr>`;
  return { subject, text, html: page(subject, siteName, rows) };
}
