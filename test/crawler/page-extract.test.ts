import { describe, expect, it } from 'vitest';
import { chooseFactLinks, rankLink } from '../../src/crawler/fact-links.js';
import { MAX_HTML_CHARS, extractPage } from '../../src/crawler/page-extract.js';

const BASE = 'https://product.example/';

describe('extractPage', () => {
  it('keeps visible text, one line per block, without scripts, styles, templates or hidden elements', () => {
    const { page } = extractPage(
      BASE,
      `<!doctype html><html><head><title>  Widget
      Co </title><style>p{color:red}</style><script>var secret = "not text";</script></head>
      <body><nav><a href="/">Home</a><a href="/about">About</a></nav>
      <h1>Widget   Co</h1><p>Widgets for <b>everyone</b>.<br>Since 2020.</p>
      <noscript>Enable JavaScript</noscript><template><p>template text</p></template>
      <div hidden>hidden text</div><div style="display: none">invisible text</div><span aria-hidden="true">icon</span>
      <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>$5</td></tr></table>
      <ul><li>One</li><li>Two</li></ul><script type="application/ld+json">{"@type":"Thing","name":"X"}</script></body></html>`,
    );
    expect(page.title).toBe('Widget Co');
    expect(page.text).toBe(
      ['HomeAbout', 'Widget Co', 'Widgets for everyone.', 'Since 2020.', 'Plan Price', 'Basic $5', 'One', 'Two'].join('\n'),
    );
    expect(page.url).toBe(BASE);
  });

  it('collects meta, Open Graph, Twitter, JSON-LD strings, links with their text and image alts', () => {
    const { page, links } = extractPage(
      `${BASE}team`,
      `<html><head>
      <meta name="description" content="Widgets,   made simply.">
      <meta property="og:title" content="Widget Co">
      <meta name="twitter:creator" content="@widgetco">
      <meta name="robots" content="index">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Widget Co","foundingDate":2020,
        "founder":[{"@type":"Person","name":"Ada Lovelace","jobTitle":"CEO"}],"sameAs":["https://github.com/widgetco"]}</script>
      <script type="application/ld+json">{not json</script>
      </head><body>
      <a href="/pricing#plans">See pricing</a> <a href="https://x.com/widgetco" aria-label="Widget Co on X"><svg></svg></a>
      <a href="mailto:hi@widget.example">Write to us</a> <a href="javascript:void(0)">Menu</a>
      <img src="/a.png" alt="Ada Lovelace, CEO"> <img src="/b.png" alt="">
      </body></html>`,
    );
    expect(page.markup).toEqual([
      'Widgets, made simply.',
      'Widget Co',
      '@widgetco',
      '2020',
      'Ada Lovelace',
      'CEO',
      'https://github.com/widgetco',
      'See pricing: https://product.example/pricing#plans',
      'Widget Co on X: https://x.com/widgetco',
      'Write to us: mailto:hi@widget.example',
      'Ada Lovelace, CEO',
    ]);
    expect(page.markup).not.toContain('index');
    expect(page.markup).not.toContain('Organization');
    expect(links).toEqual([
      { url: 'https://product.example/pricing', text: 'See pricing' },
      { url: 'https://x.com/widgetco', text: 'Widget Co on X' },
    ]);
  });

  it('keeps the address of an embedded frame (a demo video) among the markup, not its text', () => {
    const { page, links } = extractPage(
      BASE,
      `<body><iframe src="https://www.youtube.com/embed/abc123def" title="Demo">fallback text</iframe>
      <iframe src="javascript:alert(1)"></iframe><iframe src="/map.html"></iframe></body>`,
    );
    expect(page.markup).toEqual(['https://www.youtube.com/embed/abc123def', 'https://product.example/map.html']);
    expect(page.text).toBe('');
    expect(links).toEqual([]);
  });

  it('bounds the kept HTML, survives deep nesting in linear time and reports a meta refresh without following it', () => {
    const big = `<html><head><meta http-equiv="refresh" content="0; url=/en/"></head><body>${'<div><a href="/about">'.repeat(100_000)}deep${'</a></div>'.repeat(100_000)}<p>${'x'.repeat(600_000)}</p></body></html>`;
    const started = Date.now();
    const { page, refresh, links } = extractPage(BASE, big);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(links.length).toBe(2000);
    expect(page.html.length).toBe(MAX_HTML_CHARS);
    expect(page.text.startsWith('deep')).toBe(true);
    expect(refresh).toBe('https://product.example/en/');
  });
});

describe('fact links', () => {
  it('ranks fact pages by kind, by path and link text', () => {
    expect(rankLink({ url: `${BASE}about-us`, text: '' })?.kind).toBe('about');
    expect(rankLink({ url: `${BASE}company/story`, text: '' })?.kind).toBe('about');
    expect(rankLink({ url: `${BASE}x`, text: 'Our Pricing' })?.kind).toBe('pricing');
    expect(rankLink({ url: `${BASE}blog/`, text: 'Blog' })?.kind).toBe('blog');
    expect(rankLink({ url: `${BASE}blog/some-post`, text: 'Some post' })).toBeUndefined();
    expect(rankLink({ url: `${BASE}brochure.pdf`, text: 'About us (PDF)' })).toBeUndefined();
    expect(rankLink({ url: `${BASE}login`, text: 'Log in' })).toBeUndefined();
  });

  it('keeps same-host links only, best first, one blog, nothing excluded', () => {
    const links = [
      { url: 'https://product.example/careers', text: 'Jobs' },
      { url: 'https://product.example/blog', text: 'Blog' },
      { url: 'https://product.example/news', text: 'News' },
      { url: 'https://other.example/about', text: 'About them' },
      { url: 'http://product.example:8080/pricing', text: 'Pricing' },
      { url: 'https://product.example/features/funnels', text: 'Funnels feature' },
      { url: 'https://product.example/features', text: 'Features' },
      { url: 'https://product.example/pricing', text: 'Pricing' },
      { url: 'https://product.example/about', text: 'About' },
      { url: 'https://product.example/', text: 'Home' },
    ];
    const chosen = chooseFactLinks(links, 'product.example', new Set(['https://product.example/about']), false);
    expect(chosen.map((link) => new URL(link.url).pathname)).toEqual(['/pricing', '/features', '/features/funnels', '/careers', '/blog']);
    expect(chooseFactLinks(links, 'product.example', new Set(), true).some((link) => link.kind === 'blog')).toBe(false);
  });
});
