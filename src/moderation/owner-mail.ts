/** The mail to a listing's owners when the site team hides it or shows it again. */
import type { MailMessage } from '../mail/mailer.js';

/** `siteName`: the site_name setting as it is when the mail is made. */
export function hiddenMail(to: string, listing: { name: string; id: number }, reason: string, siteName: string): MailMessage {
  return {
    to,
    subject: `${listing.name} is hidden from ${siteName}`,
    text: [
      'Hello,',
      '',
      `The site team has hidden the listing of ${listing.name}: it no longer appears in search, feeds, boards or on its page.`,
      '',
      `Their reason: ${reason}`,
      '',
      `You still see it, with this reason, in your listings (get_my_listing ${listing.id}). If you think this is a mistake,`,
      'reply to this message or write to the site team.',
    ].join('\n'),
  };
}

export function shownAgainMail(to: string, listing: { name: string; slug: string }, status: string, publicUrl: string): MailMessage {
  const where =
    status === 'live' || status === 'scheduled'
      ? `The public sees it again: ${publicUrl}/listings/${listing.slug}`
      : `It is back in the state it was in before (${status}); it is public again once it is scheduled or live.`;
  return {
    to,
    subject: `${listing.name} is no longer hidden`,
    text: ['Hello,', '', `The site team has shown the listing of ${listing.name} again.`, '', where].join('\n'),
  };
}
