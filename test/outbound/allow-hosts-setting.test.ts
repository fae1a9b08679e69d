import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { captureLog } from '../logging/capture.js';
import { startTestApp, type TestApp } from '../support/app.js';

const OLD_NAME = /CRAWLER_ALLOW_HOSTS is an old name: rename it OUTBOUND_ALLOW_HOSTS/;

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('names the hosts outbound requests may reach although private; none by default, without a warning', () => {
    expect(loadConfig({})).toMatchObject({ outboundAllowHosts: [], warnings: [] });
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1, LocalHost' })).toMatchObject({
      outboundAllowHosts: ['127.0.0.1', 'localhost'],
      warnings: [],
    });
  });

  it('still reads its old name CRAWLER_ALLOW_HOSTS, with a warning', () => {
    const old = loadConfig({ CRAWLER_ALLOW_HOSTS: '127.0.0.1' });
    expect(old.outboundAllowHosts).toEqual(['127.0.0.1']);
    expect(old.warnings).toEqual([expect.stringMatching(OLD_NAME)]);
    const both = loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1,site.test', CRAWLER_ALLOW_HOSTS: 'site.test,other.test' });
    expect(both.outboundAllowHosts).toEqual(['127.0.0.1', 'site.test', 'other.test']);
    expect(both.warnings).toHaveLength(1);
  });

  describe('at start-up', () => {
    let t: TestApp | undefined;
    afterAll(() => t?.close());

    it('the service logs the old name once, as a warning', async () => {
      const log = captureLog();
      t = await startTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' }, log: log.logger });
      const warnings = log.lines().filter((line) => OLD_NAME.test(String(line.msg)));
      expect(warnings).toHaveLength(1);
      expect(warnings[0].level).toBe('warn');
    });
  });
});
