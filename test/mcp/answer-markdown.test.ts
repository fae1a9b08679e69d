import { describe, expect, it } from 'vitest';
import { answerMarkdown } from '../../src/mcp/answer-markdown.js';

describe('a tool answer as Markdown', () => {
  it('heads with the name, lists short values, gives long texts their own section and lists of objects one line each', () => {
    const markdown = answerMarkdown({
      name: 'Acme',
      tagline: 'Rockets for everyone',
      votes: 12,
      keywords: ['space', 'rockets'],
      primary_category: { slug: 'space', name: 'Space' },
      description: 'A long description. '.repeat(10),
      alternatives: [{ name: 'Beta', profile_url: 'https://directory.test/listings/beta', tagline: 'Also rockets' }],
      founders: [],
      logo_url: null,
    });
    expect(markdown).toBe(
      [
        '# Acme',
        '',
        '- **tagline**: Rockets for everyone',
        '- **votes**: 12',
        '- **keywords**: space, rockets',
        '- **primary category**: Space',
        '',
        '## description',
        '',
        'A long description. '.repeat(10),
        '',
        '## alternatives',
        '',
        '- [Beta](<https://directory.test/listings/beta>): Also rockets',
        '',
      ].join('\n'),
    );
  });

  it('keeps text written by founders or drafted from websites as text: markup is escaped, only http(s) links are made', () => {
    const markdown = answerMarkdown({
      name: '# Evil [click](javascript:alert(1)) <img src=x>',
      items: [{ name: 'X', url: 'javascript:alert(1)', tagline: '**bold** `code`' }],
    });
    expect(markdown.split('\n')[0]).toBe('# \\# Evil \\[click\\](javascript:alert(1)) \\<img src=x\\>');
    expect(markdown).toContain('- X: \\*\\*bold\\*\\* \\`code\\`');
    expect(markdown).not.toMatch(/[^\\]\]\(javascript/); // no unescaped link to a script
  });

  it('keeps what people wrote in reviews and comments as text: markup and Markdown links escaped, nothing made a link', () => {
    const hostile = '<script>alert(1)</script> [win a prize](javascript:alert(1)) ![x](https://evil.test/x.png) # heading';
    const markdown = answerMarkdown({
      items: [
        { id: 1, rating: 5, body: hostile, reviewer: '<img src=x onerror=alert(1)>', counted: true },
        { id: 2, body: hostile, author: '**Maker**', maker: false, replies: [] },
      ],
      page: 1,
    });
    expect(markdown).not.toMatch(/(?<!\\)<|(?<!\\)\]\(/); // no tag and no link that is not escaped
    expect(markdown).toContain('\\<script\\>alert(1)\\</script\\>');
    expect(markdown).toContain('\\[win a prize\\](javascript:alert(1))');
    expect(markdown).toContain('\\*\\*Maker\\*\\*');
  });
});
