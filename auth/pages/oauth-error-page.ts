import type { KoaContextWithOIDC } from 'oidc-provider';
import { html } from '../../src/text/html.js';
import { renderCardPage } from '../../src/web/layout.js';

/** oidc-provider's error screen (bad client, bad redirect URI, …), in the service's own page. */
export function renderOAuthError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): void {
  renderCardPage(
    ctx as never,
    'This sign-in request cannot continue',
    html`<p class="error" role="alert"><strong>${out.error ?? 'error'}</strong>: ${out.error_description ?? 'The request is not valid.'}</p>
<p>The app that sent you here made a request the service cannot accept. Go back to the app and try connecting again; if it keeps happening, tell the app's makers what this page says.</p>`,
  );
}
