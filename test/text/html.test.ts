import { describe, expect, it } from 'vitest';
import { escapeHtml, html, SafeHtml } from '../../src/text/html.js';

describe('html', () => {
  it('escapes every markup character of what people write, and leaves plain text as it is', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('Plain words, 100% ✓')).toBe('Plain words, 100% ✓');
    expect(escapeHtml('')).toBe('');
    // The test before the replacement keeps no state between calls (no global flag): the same answer every time.
    for (let i = 0; i < 3; i++) expect(escapeHtml('a<b')).toBe('a&lt;b');
  });

  it('escapes interpolated values, nested lists included, but not markup already made safe', () => {
    const name = '<script>alert(1)</script>';
    const items = [html`<li>${name}</li>`, 'x & y', [7, null, false, undefined, new SafeHtml('<b>ok</b>')]];
    expect(html`<ul>${items}</ul><p title="${'"quoted"'}">${0}</p>`.value).toBe(
      '<ul><li>&lt;script&gt;alert(1)&lt;/script&gt;</li>x &amp; y7<b>ok</b></ul><p title="&quot;quoted&quot;">0</p>',
    );
    expect(html`${true}`.value).toBe('true');
    expect(html``.value).toBe('');
  });
});
