import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * The demo directory at start-up: an empty embedded database gets it on a local (http) PUBLIC_URL or when asked
 * (DEMO=1), never by default on an https PUBLIC_URL, which is a real deployment. (A start that loads it, about
 * 50 s on a loaded machine, is not repeated here: test/app/graceful-shutdown.test.ts starts on an http PUBLIC_URL.)
 */
describe('DEMO and PUBLIC_URL decide whether start-up loads the demo', () => {
  it('unset: on an http PUBLIC_URL (local use) yes, on an https one no; DEMO=1 and DEMO=0 decide either way', () => {
    const https = { PUBLIC_URL: 'https://directory.example', TRUST_PROXY: 'true', PAYMENTS: 'test' };
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).demo).toBe(true);
    expect(loadConfig(https).demo).toBe(false);
    expect(loadConfig({ ...https, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ ...https, DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'yes please' })).toThrow(/DEMO must be 1/);
  });
});

describe('the service on an empty embedded database', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await service?.stop(10_000);
    service = undefined;
  });

  /** The start-up line (it follows the listen, so /readyz can answer before it is written). */
  async function readyLine(): Promise<{ demo_loaded?: boolean; msg?: string } | undefined> {
    const find = () =>
      service!.lines.map((line) => (line.startsWith('{') ? JSON.parse(line) : {})).find((entry) => entry.operations !== undefined);
    for (let waited = 0; !find() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    return find();
  }

  const listingCount = async () => (await (await fetch(`${service!.url}/api/v1/listings`)).json()).total;

  it('with an https PUBLIC_URL starts empty: no demo directory in a real deployment', async () => {
    service = await startServiceProcess({ PUBLIC_URL: 'https://directory.example', TRUST_PROXY: 'true', PAYMENTS: 'test' });
    const line = await readyLine();
    expect(line?.demo_loaded).toBe(false);
    expect(line?.msg).not.toContain('demo');
    expect(await listingCount()).toBe(0);
  }, 120_000);
});
