import type { Middleware } from 'koa';
import { html } from '../text/html.js';
import { renderReferencePage } from './layout.js';

/**
 * What each problem `code` means and what a client does about it. Problem `type` URIs are
 * `PUBLIC_URL/problems/<code>` and open these pages.
 */
export const PROBLEM_CODES: Readonly<Record<string, { status: number; meaning: string }>> = {
  validation_failed: {
    status: 400,
    meaning:
      "The input breaks the operation's schema. errors names every offending path (a JSON Pointer) and why; fix those and send again.",
  },
  invalid_json: { status: 400, meaning: 'The body is not JSON, or is nested deeper than 64 levels.' },
  malformed_request: { status: 400, meaning: 'The request is not valid HTTP/1.1.' },
  unauthorized: {
    status: 401,
    meaning:
      'The operation needs an account and no valid credential came. Follow WWW-Authenticate to the protected-resource metadata to sign in, or send an API key.',
  },
  insufficient_scope: {
    status: 403,
    meaning: 'The credential is valid but lacks the scope named in WWW-Authenticate; ask for it (step-up) or use another key.',
  },
  insufficient_role: {
    status: 403,
    meaning:
      "The credential has the admin scope but the account's staff role (checked at every call) does not allow this operation; an admin changes roles.",
  },
  not_found: { status: 404, meaning: 'No such object, or it belongs to another account (never revealed).' },
  method_not_allowed: { status: 405, meaning: 'The path exists but not with this method; Allow lists the methods it takes.' },
  request_timeout: { status: 408, meaning: 'The request did not arrive in time.' },
  invalid_state: {
    status: 409,
    meaning: 'The request is well formed but the object is not in a state that allows it; detail says what is missing.',
  },
  already_listed: {
    status: 409,
    meaning:
      "The product (the site's registrable domain: www. and other subdomains are one product) already has a listing; slug names it. If it is yours to take over, claim_listing (claim_with) proves control of the domain; your own listing comes with listing_id for get_my_listing.",
  },
  idempotency_in_progress: {
    status: 409,
    meaning: 'A request with the same Idempotency-Key is still running; retry after Retry-After to get its answer.',
  },
  payload_too_large: { status: 413, meaning: 'The body is over 1 MiB.' },
  unsupported_media_type: { status: 415, meaning: 'The body is not application/json.' },
  idempotency_key_reused: {
    status: 422,
    meaning: 'The Idempotency-Key was used in the last 24 hours with another input; use a new key for a new request.',
  },
  rate_limited: {
    status: 429,
    meaning: 'A limit was met; Retry-After says when to try again and the RateLimit fields which limit it was.',
  },
  headers_too_large: { status: 431, meaning: 'The request line and headers exceed 16 KiB; send long inputs in a JSON body.' },
  request_aborted: { status: 400, meaning: 'The client closed the connection before the body arrived.' },
  payment_provider_unavailable: {
    status: 503,
    meaning: 'The payment provider could not open a checkout; nothing was saved. Retry after Retry-After.',
  },
  image_decoder_busy: {
    status: 503,
    meaning: 'The service decodes one image at a time and a few more already wait their turn; nothing was saved. Retry after Retry-After.',
  },
  vote_refused: {
    status: 403,
    meaning: 'The rules do not let this person vote yet (e.g. the e-mail address is not confirmed); detail says what to do.',
  },
  internal_error: { status: 500, meaning: "Something failed on the service's side. Retry later; quote the request_id if it persists." },
};

/** GET /problems and /problems/<code>: the documentation the problem `type` URIs point at, as pages of the site. */
export function problemPages(): Middleware {
  const index = html`<p>Every error of the API and of MCP tools is <code>application/problem+json</code> with one of these codes.</p><dl>${Object.entries(
    PROBLEM_CODES,
  ).map(
    ([code, { status, meaning }]) =>
      html`<dt id="${code}"><a href="/problems/${code}"><code>${code}</code></a> (${status})</dt><dd>${meaning}</dd>`,
  )}</dl>`;
  return async (ctx, next) => {
    const match = /^\/problems(?:\/([a-z_]+))?\/?$/.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const code = match[1];
    const entry = code ? PROBLEM_CODES[code] : undefined;
    if (code && !entry) return next();
    renderReferencePage(
      ctx,
      code && entry
        ? {
            title: `Problem type ${code}`,
            description: entry.meaning,
            path: `/problems/${code}`,
            body: html`<p>Code <code>${code}</code>, HTTP status ${entry.status}.</p><p>${entry.meaning}</p><p><a href="/problems">All problem types</a></p>`,
          }
        : {
            title: 'Problem types',
            description: 'The error codes of the API and of MCP tools, and what to do about each.',
            path: '/problems',
            body: index,
          },
    );
  };
}
