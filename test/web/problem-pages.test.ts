import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { PROBLEM_CODES } from '../../src/web/problem-pages.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'http://directory.example.test' } });
});
afterAll(() => t?.close());

describe('problem type URIs', () => {
  it('name PUBLIC_URL on REST and for requests Node cannot parse', async () => {
    const rest = await (await fetch(`${t.url}/api/v1/listings?per_page=0`)).json();
    expect(rest).toMatchObject({ code: 'validation_failed', type: 'http://directory.example.test/problems/validation_failed' });

    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
    });
    expect(raw).toContain('"type":"http://directory.example.test/problems/malformed_request"');
  });

  it('open a page for every code, and the index lists them; an unknown code is 404', async () => {
    for (const code of Object.keys(PROBLEM_CODES)) {
      const page = await fetch(`${t.url}/problems/${code}`);
      expect(page.status, code).toBe(200);
      expect(await page.text()).toContain(`<code>${code}</code>`);
    }
    const index = await (await fetch(`${t.url}/problems`)).text();
    for (const code of Object.keys(PROBLEM_CODES)) expect(index).toContain(`/problems/${code}`);
    expect((await fetch(`${t.url}/problems/no_such_code`)).status).toBe(404);
  });
});
