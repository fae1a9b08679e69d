import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { SafeHtml } from './html.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** What a blog post may contain once rendered: text structure, links, images and code; no script, style, frame or form. */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // The page's own h1 is the title: a heading of the text starts one level down.
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }),
  },
  disallowedTagsMode: 'discard',
};

/** Markdown as written by the site team (or anyone), rendered with marked and sanitised: safe to put in a page. */
export function renderMarkdown(markdown: string): SafeHtml {
  const rendered = marked.parse(markdown) as string;
  return new SafeHtml(
    sanitizeHtml(rendered, { ...POLICY, allowedAttributes: { ...POLICY.allowedAttributes, a: ['href', 'title', 'rel'] } }),
  );
}
