/**
 * The script that starts Swagger UI on /docs, served as a file of this site (/docs/assets/docs.js) so that the
 * page's policy allows no inline script. It reads its settings from the page's #swagger-ui element:
 * data-url (the OpenAPI document) and data-oauth2-redirect. No validator badge (it would load an image from
 * validator.swagger.io), no top bar and no ?url= (the page only ever shows this service's document).
 * After rendering, a #id of the description's headings (/docs#webhooks) is scrolled to, as the
 * browser could not do it before the headings existed (and Swagger UI's deep linking takes it for a tag).
 */
export const DOCS_INITIALIZER = `'use strict';
(function () {
  var root = document.getElementById('swagger-ui');
  // A link to a heading of the description (#webhooks), read before Swagger UI's deep linking rewrites it.
  var heading = /^#[a-z][a-z-]*$/.test(location.hash) ? location.hash.slice(1) : null;
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    domNode: root,
    layout: 'BaseLayout',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    queryConfigEnabled: false,
    validatorUrl: null,
    oauth2RedirectUrl: root.getAttribute('data-oauth2-redirect'),
    onComplete: function () {
      var tries = 0;
      // The description renders a moment after the document is loaded: look for the heading for up to 2 s.
      (function scroll() {
        var target = heading && document.getElementById(heading);
        if (target) {
          history.replaceState(null, '', '#' + heading);
          target.scrollIntoView();
        } else if (heading && ++tries < 40) return setTimeout(scroll, 50);
        root.setAttribute('data-rendered', 'true');
      })();
    },
  });
})();
`;

/** The few styles of /docs's own header, beside Swagger UI's stylesheet (/docs/assets/docs.css: the page allows no inline style). */
export const DOCS_STYLES = `body{margin:0;background:#fafafa}
.docs-header{font:15px/1.5 system-ui,sans-serif;max-width:1460px;margin:0 auto;padding:.8rem 20px 0;color:#3b4151}
.docs-header code{font:13px ui-monospace,monospace;background:#eef;border-radius:4px;padding:.1rem .3rem}
`;
