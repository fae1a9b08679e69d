/** The mail of claims: the link of an e-mail claim, and the note to a listing's owners that someone was added. */
import type { MailMessage } from '../mail/mailer.js';
import type { ClaimView, Verification } from './claims.js';

const HOW: Record<ClaimView['method'], (claim: ClaimView) => string> = {
  dns: (claim) => `a DNS TXT record on ${claim.domain}`,
  meta: (claim) => `a meta tag on the homepage of ${claim.domain}`,
  file: (claim) => `a file under /.well-known/ on ${claim.domain}`,
  email: (claim) => `a link mailed to ${claim.email}`,
};

/** `siteName`: the site_name setting as it is when the mail is made. */
export function claimLinkMail(
  claim: ClaimView,
  token: string,
  claimantEmail: string,
  site: { publicUrl: string; siteName: string },
): MailMessage {
  const { publicUrl, siteName } = site;
  return {
    to: claim.email ?? '',
    subject: `Confirm the claim of ${claim.listing_name} on ${siteName}`,
    text: [
      'Hello,',
      '',
      `${claimantEmail} asked to become an owner of the listing of ${claim.listing_name} on ${siteName}, and named`,
      `this address at ${claim.domain} as proof. If that is right, open this link and press the button on the page:`,
      '',
      `${publicUrl}/claims/confirm?token=${token}`,
      '',
      `The link works until ${claim.expires_at.slice(0, 10)}. If you do not know about this, ignore this message: nothing happens.`,
    ].join('\n'),
  };
}

/** One mail per other owner of the listing, saying who was added and how. */
export function ownerAddedMails(
  claim: ClaimView,
  verified: NonNullable<Verification['verified']>,
  site: { publicUrl: string; siteName: string },
): MailMessage[] {
  const { publicUrl, siteName } = site;
  return verified.ownerEmails.map((to) => ({
    to,
    subject: `${verified.claimantEmail} is now an owner of ${claim.listing_name}`,
    text: [
      'Hello,',
      '',
      `${verified.claimantEmail} claimed the listing of ${claim.listing_name} on ${siteName} and proved control of`,
      `${claim.domain} by ${HOW[claim.method](claim)}. They are now an owner of the listing, as you are.`,
      '',
      `If this is wrong, write to us from ${publicUrl} and we will look into it.`,
    ].join('\n'),
  }));
}
