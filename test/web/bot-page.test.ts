import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { crawlerUserAgent } from '../../src/crawler/crawl-site.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('GET /bot', () => {
  it('exists at the contact URL the crawler names in its user agent and says how to keep it out', async () => {
    const contact = /\(\+(\S+)\)/.exec(crawlerUserAgent(t.url))![1];
    const response = await fetch(contact);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('robots.txt');
    expect(text).toContain('Disallow: /');
  });
});
