import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { AccountRecord } from '../accounts/accounts.js';
import { RateLimitedError } from '../errors.js';
import { networkKeyOf } from '../community/network.js';
import {
  type NotificationPreferences,
  notificationPreferences,
  setNotificationPreferences,
} from '../community/notification-preferences.js';
import { ownAlerts } from '../subscriptions/alerts.js';
import {
  CONFIRMATION_HOURS,
  type Cadence,
  confirmationState,
  confirmSubscription,
  type ConfirmOutcome,
  isCadence,
  ownDigest,
  setOwnDigest,
  subscribeToDigest,
  subscriptionAddressProblem,
  type Subscriber,
  unsubscribeByLink,
  unsubscribeTokenIsGood,
} from '../subscriptions/subscriptions.js';
import { renderCardPage, setCardSiteName } from '../web/layout.js';
import { noticeBox } from '../web/form-parts.js';
import { signedInCardVisit, type SiteDeps, visit } from './visit.js';

const SUBSCRIBE = '/subscribe';
const CONFIRM = '/subscribe/confirm/:token';
const UNSUBSCRIBE = '/unsubscribe/:token';
const NOTIFICATIONS = '/account/notifications';
/** An address is at most this long (RFC 5321); a longer ?email= is not put in the field. */
const EMAIL_MAX = 254;

/** The radio buttons' own look on these pages: each choice on a line of its own, in a light frame; no second form in the footer. */
const CHOICES_STYLE = html`<style>.choices{border:1px solid var(--border);border-radius:10px;min-width:0;margin:1rem 0 0;padding:.4rem .9rem .7rem}
.choices legend{font-weight:600;padding:0 .3rem}main.card-page .choices label{margin:.45rem 0 0}.choices input{margin:0 .45rem 0 0;accent-color:var(--accent)}
.choices .error{margin:.4rem 0 0}.choices .hint{display:block;margin-left:1.55rem}
footer .digest-signup{display:none}</style>`;

/** The signed-in person as the subscriptions see them; undefined when nobody is signed in. */
const subscriberOf = (account: AccountRecord | undefined): Subscriber | undefined =>
  account && { accountId: account.id, email: account.email, emailVerified: account.emailVerified };

/**
 * The mail digest of top launches (issue 53): /subscribe (an address and weekly or daily; a signed-in person's own
 * confirmed address subscribes at once, any other gets a confirmation link, and the page is the same whether it was
 * subscribed before), the confirmation link's page (a button: mail scanners open links, so a GET confirms nothing),
 * the unsubscribe link's page, and /account/notifications (the signed-in person's digest). The one-click unsubscribe
 * POST is oneClickUnsubscribeRoutes, on a router without the form guard.
 */
export function subscriptionRoutes(router: Router, site: SiteDeps): void {
  router.get(SUBSCRIBE, async (ctx) => {
    const { settings, account } = await visit(ctx, site);
    setCardSiteName(ctx, settings.site_name);
    const asked = typeof ctx.query.email === 'string' && ctx.query.email.length <= EMAIL_MAX ? ctx.query.email.trim() : '';
    const cadence = isCadence(ctx.query.cadence) ? ctx.query.cadence : 'weekly';
    subscribeForm(ctx, site, account, { email: asked || (account?.email ?? ''), cadence });
  });

  router.post(SUBSCRIBE, async (ctx) => {
    const form = site.kit.form(ctx);
    const { settings, account } = await visit(ctx, site);
    setCardSiteName(ctx, settings.site_name);
    await subscribe(ctx, site, account, { email: form.email ?? '', cadence: isCadence(form.cadence) ? form.cadence : 'weekly' });
  });

  router.get(CONFIRM, async (ctx) => {
    const { settings, account } = await visit(ctx, site);
    setCardSiteName(ctx, settings.site_name);
    const token = String(ctx.params.token);
    const state = await confirmationState(site.services.db, token, site.services.now());
    if (state !== 'pending') return confirmationAnswer(ctx, state, account);
    renderCardPage(
      ctx,
      'Confirm your subscription',
      html`<p>Press the button to start getting the digest of top launches at this address. Nothing is sent until you do.</p>
<form method="post" action="${ctx.path}">${site.kit.csrfField(ctx)}<button type="submit">Confirm subscription</button></form>`,
      { signedInEmail: account?.email },
    );
  });

  router.post(CONFIRM, async (ctx) => {
    const { settings, account } = await visit(ctx, site);
    setCardSiteName(ctx, settings.site_name);
    const outcome = await confirmSubscription(site.services.db, String(ctx.params.token), site.services.now());
    confirmationAnswer(ctx, outcome, account);
  });

  router.get(UNSUBSCRIBE, async (ctx) => {
    const { settings, account } = await visit(ctx, site);
    setCardSiteName(ctx, settings.site_name);
    if (!(await unsubscribeTokenIsGood(site.services.db, String(ctx.params.token), site.services.now()))) return invalidLink(ctx, account);
    renderCardPage(
      ctx,
      'Unsubscribe',
      html`<p>Press the button and these mails stop coming to this address.</p>
<form method="post" action="${ctx.path}"><button type="submit">Unsubscribe</button></form>`,
      { signedInEmail: account?.email },
    );
  });

  notificationRoutes(router, site);
}

/**
 * POST /unsubscribe/:token, mounted on a router WITHOUT the site's form guard: mail providers send the RFC 8058
 * one-click unsubscribe (body `List-Unsubscribe=One-Click`) from their own servers, with no cookie, CSRF token or
 * Origin of ours. The signed token is the whole authority (it names one subscription, for this audience only), and
 * all it can do is delete that subscription, so no other site gains anything by sending it. The body is not read.
 */
export function oneClickUnsubscribeRoutes(router: Router, site: SiteDeps): void {
  router.post(UNSUBSCRIBE, async (ctx) => {
    setCardSiteName(ctx, (await site.settings()).site_name);
    if (!(await unsubscribeByLink(site.services.db, String(ctx.params.token), site.services.now()))) return invalidLink(ctx, undefined);
    renderCardPage(
      ctx,
      'You are unsubscribed',
      html`<p class="notice" role="status">No more of these mails come to this address.</p>
<p>Changed your mind? <a href="${SUBSCRIBE}">Get the digest again</a>, or see <a href="${NOTIFICATIONS}">your mail settings</a>.</p>`,
    );
  });
}

interface SubscribeTyped {
  email: string;
  cadence: Cadence;
  problem?: string;
}

/** POST /subscribe past the form guard: the address checked, the network's limit, then the outcome's page. */
async function subscribe(ctx: Context, site: SiteDeps, account: AccountRecord | undefined, typed: SubscribeTyped): Promise<void> {
  const { db, jobs, config, now } = site.services;
  const problem = await subscriptionAddressProblem(db, typed.email);
  if (problem) {
    ctx.status = 400;
    return subscribeForm(ctx, site, account, { ...typed, problem });
  }
  let outcome: Awaited<ReturnType<typeof subscribeToDigest>>;
  try {
    const request = {
      email: typed.email,
      cadence: typed.cadence,
      subscriber: subscriberOf(account),
      network: await networkKeyOf(db, ctx.ip),
    };
    outcome = await subscribeToDigest({ db, jobs, publicUrl: config.publicUrl, now }, request);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return tooManySubscriptions(ctx, error, account);
  }
  const signedInEmail = account?.email;
  if (outcome === 'subscribed') {
    return renderCardPage(
      ctx,
      "You're subscribed",
      html`<p class="notice" role="status">The ${typed.cadence} digest of top launches comes to <strong>${account?.email}</strong>.</p>
<p>Change how often it comes, or stop it, in <a href="${NOTIFICATIONS}">your mail settings</a>.</p>`,
      { signedInEmail },
    );
  }
  // The same page whether or not the address was subscribed before: only the mail to that address differs.
  renderCardPage(
    ctx,
    'Check your inbox',
    html`<p class="notice" role="status">We sent a confirmation link to <strong style="overflow-wrap:anywhere">${typed.email.trim()}</strong>.</p>
<p>Open it to start the digest: it works for ${CONFIRMATION_HOURS} hours, and nothing is sent before you confirm. Nothing there after a few minutes? Look in the spam folder, or <a href="${SUBSCRIBE}">start again</a> with the right address.</p>`,
    { signedInEmail },
  );
}

/** The subscription form: the address (with its problem beside it, as typed) and how often. */
function subscribeForm(ctx: Context, site: SiteDeps, account: AccountRecord | undefined, typed: SubscribeTyped): void {
  const { problem } = typed;
  const choice = (cadence: Cadence, label: string, hint: string) =>
    html`<label><input type="radio" name="cadence" value="${cadence}"${typed.cadence === cadence ? html` checked` : ''}>${label} <span class="muted hint">${hint}</span></label>`;
  renderCardPage(
    ctx,
    'Get the digest by mail',
    html`${CHOICES_STYLE}${problem ? html`<p class="error" role="alert">You were not subscribed: correct the address below.</p>` : ''}
<p>The top launches of the directory in one short mail. Every digest has a link that unsubscribes at once.</p>
<form method="post" action="${SUBSCRIBE}" novalidate>${site.kit.csrfField(ctx)}
<label for="email">E-mail address</label>
${problem ? html`<p class="error" id="email-problem">${problem}</p>` : ''}
<input type="email" id="email" name="email" value="${typed.email}" autocomplete="email" required maxlength="${EMAIL_MAX}"${problem ? html` aria-invalid="true" aria-describedby="email-problem"` : ''}>
<fieldset class="choices"><legend>How often</legend>
${choice('weekly', 'Weekly', 'the week’s top launches')}
${choice('daily', 'Daily', 'the day’s top launches')}
</fieldset>
<button type="submit">Subscribe</button>
</form>`,
    { signedInEmail: account?.email },
  );
}

/** 429: the network's subscriptions this hour are used up; the Retry-After of the limit says when to try again. */
function tooManySubscriptions(ctx: Context, error: RateLimitedError, account: AccountRecord | undefined): void {
  ctx.status = 429;
  ctx.set(error.headers);
  const minutes = Math.max(1, Math.ceil(Number(error.headers['Retry-After'] ?? 60) / 60));
  renderCardPage(
    ctx,
    'Too many subscriptions',
    html`<p class="error" role="alert">Too many subscriptions were asked for from your network this hour, so this one was not carried out.</p>
<p>Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, then try again.</p>`,
    { signedInEmail: account?.email },
  );
}

/** What a confirmation link did, or would do, in words (the button's page is the GET handler's own). */
function confirmationAnswer(ctx: Context, outcome: ConfirmOutcome, account: AccountRecord | undefined): void {
  if (outcome === 'invalid') {
    invalidLink(ctx, account);
    return;
  }
  const answers: Record<Exclude<ConfirmOutcome, 'invalid'>, [string, SafeHtml]> = {
    confirmed: [
      "You're subscribed",
      html`<p class="notice" role="status">Your subscription is confirmed: the digest of top launches comes to this address.</p>
<p>Every digest has a link that unsubscribes at once.</p>`,
    ],
    'already-confirmed': ['You are subscribed', html`<p class="notice" role="status">This link was already used: you are subscribed.</p>`],
    expired: [
      'This link expired',
      html`<p class="error" role="alert">This link expired: a confirmation link works for ${CONFIRMATION_HOURS} hours. Nothing was changed.</p>
<p><a href="${SUBSCRIBE}">Ask for the digest again</a> to get a new link.</p>`,
    ],
  };
  const [title, body] = answers[outcome];
  renderCardPage(ctx, title, body, { signedInEmail: account?.email });
}

/** 400: a forged, altered or foreign token, or one whose subscription is gone. */
function invalidLink(ctx: Context, account: AccountRecord | undefined): void {
  ctx.status = 400;
  renderCardPage(
    ctx,
    'This link is not valid',
    html`<p class="error" role="alert">This link is not valid. Nothing was changed.</p>
<p>Copy the whole link from the mail, or <a href="${SUBSCRIBE}">subscribe again</a>.</p>`,
    { signedInEmail: account?.email },
  );
}

/** A digest setting of the notifications page: none, or a cadence. */
type DigestChoice = Cadence | 'none';
const isDigestChoice = (value: unknown): value is DigestChoice => value === 'none' || isCadence(value);

/** /account/notifications: the signed-in person's digest, saved with CSRF; an unconfirmed address may only choose none. */
function notificationRoutes(router: Router, site: SiteDeps): void {
  router.get(NOTIFICATIONS, async (ctx) => {
    const account = await signedInCardVisit(ctx, site);
    if (!account) return;
    const { db } = site.services;
    const [own, preferences, alerts] = await Promise.all([
      ownDigest(db, account.email),
      notificationPreferences(db, account.id),
      ownAlerts(db, account.email),
    ]);
    notificationsPage(ctx, site, account, {
      choice: own.cadence,
      pending: own.pending,
      saved: ctx.query.saved === '1',
      preferences,
      alerts,
    });
  });

  router.post(NOTIFICATIONS, async (ctx) => {
    const form = site.kit.form(ctx);
    const account = await signedInCardVisit(ctx, site);
    if (!account) return;
    const choice = form.digest;
    // Unticked boxes are not sent: what the form sends is the whole of the person's choice.
    const preferences = { replies: form.replies === 'on', maker_activity: form.maker_activity === 'on' };
    const alerts = await ownAlerts(site.services.db, account.email);
    if (!isDigestChoice(choice)) {
      ctx.status = 400;
      const problem = 'Choose how often the digest comes, or none.';
      return notificationsPage(ctx, site, account, { choice: 'none', problem, preferences, alerts });
    }
    if (choice !== 'none' && !account.emailVerified) {
      ctx.status = 400;
      const problem =
        'Confirm your e-mail address first: the digest goes only to a confirmed address. The link is in the mail we sent you.';
      return notificationsPage(ctx, site, account, { choice, problem, preferences, alerts });
    }
    await setOwnDigest(site.services.db, subscriberOf(account)!, choice, site.services.now());
    await setNotificationPreferences(site.services.db, account.id, preferences, site.services.now());
    ctx.status = 303;
    ctx.redirect(`${NOTIFICATIONS}?saved=1#digest`);
  });
}

interface NotificationsShown {
  choice: DigestChoice;
  preferences: NotificationPreferences;
  alerts: { topic: 'category' | 'launch'; name: string; path: string }[];
  pending?: boolean;
  saved?: boolean;
  problem?: string;
}

function notificationsPage(ctx: Context, site: SiteDeps, account: AccountRecord, shown: NotificationsShown): void {
  const { problem } = shown;
  const invalid: SafeHtml = problem ? html` aria-invalid="true" aria-describedby="digest-problem"` : html``;
  const choice = (value: DigestChoice, label: string, hint: string) =>
    html`<label><input type="radio" name="digest" value="${value}"${shown.choice === value ? html` checked` : ''}${invalid}>${label} <span class="muted hint">${hint}</span></label>`;
  const unconfirmed = account.emailVerified
    ? ''
    : html`<p class="muted" id="digest-hint">Your e-mail address is not confirmed yet: until it is, the digest cannot come to it. <a href="/account">Your account</a> can send the link again.</p>`;
  renderCardPage(
    ctx,
    'Mail settings',
    html`${CHOICES_STYLE}${problem ? html`<p class="error" role="alert">Your mail settings were not saved: see below.</p>` : ''}
<p>What comes to <strong>${account.email}</strong> besides the mail about your account. Every such mail has a link that stops it at once, without signing in.</p>
${shown.pending ? html`<p class="muted">A confirmation link was sent to this address: the digest starts when it is opened, or when you choose it here.</p>` : ''}
${unconfirmed}
<form method="post" action="${NOTIFICATIONS}" id="digest">${site.kit.csrfField(ctx)}${noticeBox(shown.saved ? 'Saved.' : undefined)}
<fieldset class="choices"${problem ? html` aria-describedby="digest-problem"` : ''}><legend>The digest of top launches</legend>
${problem ? html`<p class="error" id="digest-problem">${problem}</p>` : ''}
${choice('none', 'None', 'no digest')}
${choice('weekly', 'Weekly', 'the week’s top launches')}
${choice('daily', 'Daily', 'the day’s top launches')}
</fieldset>
${preferenceChoices(shown.preferences)}
<button type="submit">Save</button>
</form>
${alertList(shown.alerts)}
<p><a href="/account">Back to your account</a></p>`,
    { signedInEmail: account.email },
  );
}

/** The replies and maker-activity boxes of the notifications page. */
function preferenceChoices(preferences: NotificationPreferences): SafeHtml {
  const box = (name: keyof NotificationPreferences, label: string, hint: string) =>
    html`<label><input type="checkbox" name="${name}" value="on"${preferences[name] ? html` checked` : ''}>${label} <span class="muted hint">${hint}</span></label>`;
  return html`<fieldset class="choices"><legend>Replies and your listings</legend>
${box('replies', 'Replies to my comments', 'when someone answers you, or a maker answers your question')}
${box('maker_activity', 'New reviews and comments on my listings', 'for makers: a review at once, comments at most hourly')}
</fieldset>`;
}

/** The categories and upcoming launches followed by mail: each page has the button that stops it. */
function alertList(alerts: NotificationsShown['alerts']): SafeHtml {
  if (alerts.length === 0) {
    return html`<h2>Categories and launches</h2><p class="muted">None. A category's page can send you its new launches daily, and an upcoming product's page can tell you when it launches.</p>`;
  }
  const item = (alert: NotificationsShown['alerts'][number]) =>
    html`<li><a href="${alert.path}">${alert.name}</a> <span class="muted">${alert.topic === 'category' ? 'new launches, daily' : 'when it launches'}</span></li>`;
  return html`<h2>Categories and launches</h2><p class="muted">Stop one from its page.</p><ul>${alerts.map(item)}</ul>`;
}
