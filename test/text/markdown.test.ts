import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/text/markdown.js';

describe('renderMarkdown', () => {
  it('renders the Markdown of a post: headings one level below the page title, lists, links, code, tables', () => {
    const out = renderMarkdown(
      '# Title\n\nSome *text* and **bold**.\n\n- one\n- two\n\n[site](https://example.com)\n\n`code`\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    ).value;
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<em>text</em>');
    expect(out).toContain('<li>one</li>');
    expect(out).toContain('<a href="https://example.com" rel="nofollow noopener">site</a>');
    expect(out).toContain('<code>code</code>');
    expect(out).toContain('<td>1</td>');
  });

  it('removes script, event handlers, javascript: links, frames, styles and forms', () => {
    const out = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="https://x.example/a.png" onerror="alert(2)">\n\n[x](javascript:alert(3))\n\n<iframe src="https://evil.example"></iframe>\n\n<style>body{}</style><form action="/x"><input></form>\n\n<a href="//evil.example">protocol-relative</a>',
    ).value;
    for (const bad of ['<script', 'alert(1)', 'onerror', 'javascript:', '<iframe', '<style', '<form', '<input', '//evil.example'])
      expect(out).not.toContain(bad);
    expect(out).toContain('<img src="https://x.example/a.png"');
  });
});
