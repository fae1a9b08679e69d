/**
 * Characters XML 1.0 does not allow in a document, escaped or not: C0 controls other than tab, line feed and carriage
 * return, the non-characters U+FFFE and U+FFFF, and UTF-16 surrogates that are not part of a pair. One of them in a
 * feed, sitemap or SVG makes the whole document ill-formed, so every reader refuses it.
 */
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text without the characters XML 1.0 forbids (each replaced by `replacement`, by default removed). What people
 * wrote is stored as they wrote it; XML documents built from it (Atom feeds, sitemaps, badge SVGs) pass it through this.
 */
export function xmlSafe(text: string, replacement = ''): string {
  return text.replace(XML_FORBIDDEN, replacement);
}
