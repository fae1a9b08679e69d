import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../../src/node-flags.js';

/** The tests and benchmarks start the service with SERVICE_NODE_FLAGS; the npm scripts must pass the same. */
describe('the service’s node flags', () => {
  it('are passed by npm start, npm run start:prod and the conformance run', async () => {
    const { scripts } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    const conformance = await readFile(new URL('../conformance/run.sh', import.meta.url), 'utf8');
    for (const command of [scripts.start, scripts['start:prod'], conformance.split('\n').find((line) => line.includes('src/main.ts'))]) {
      for (const flag of SERVICE_NODE_FLAGS) expect(command, flag).toContain(flag);
    }
  });
});
