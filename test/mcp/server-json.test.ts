import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import packageJson from '../../package.json' with { type: 'json' };
import { registryEntry, registryName } from '../../src/mcp/server-card.js';

// The repository's server.json, the entry for the official MCP Registry, checked against the registry's published
// schema (a copy: test/fixtures/mcp-registry/README.md says which).
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const serverJson = read('../../server.json');
const schema = read('../fixtures/mcp-registry/server.schema.json');
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function validator() {
  // strict: false, as the registry validates it: the schema carries OpenAPI's `example` and `discriminator`.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

describe('server.json', () => {
  it('is valid against the MCP Registry schema it names (2025-12-11)', () => {
    const validate = validator();
    expect(validate(serverJson), JSON.stringify(validate.errors)).toBe(true);
    expect(serverJson.$schema).toBe(schema.$id);
  });

  it('the schema copy refuses what the registry refuses (a name without a namespace, a remote that is not a URL)', () => {
    const validate = validator();
    expect(validate({ ...serverJson, name: 'launch-directory' })).toBe(false);
    expect(validate({ ...serverJson, remotes: [{ type: 'streamable-http', url: 'launch-directory.example/mcp' }] })).toBe(false);
    expect(validate({ ...serverJson, description: 'x'.repeat(101) })).toBe(false);
  });

  it('has the version of package.json', () => {
    expect(serverJson.version).toBe(packageJson.version);
  });

  it('names one Streamable HTTP remote, /mcp of the public host, and is named for that host', () => {
    expect(serverJson.remotes).toEqual([{ type: 'streamable-http', url: 'https://launch-directory.example/mcp' }]);
    expect(serverJson.name).toBe('example.launch-directory/launch-directory');
    expect(serverJson.name).toBe(registryName(serverJson.remotes[0].url));
  });

  it('is what src/cli/server-json.ts prints for its host (regenerate it with that command)', () => {
    expect(serverJson).toEqual(registryEntry('https://launch-directory.example'));
  });
});

describe('registryName', () => {
  it('reverses the public host and appends the site name as a slug', () => {
    expect(registryName('https://directory.example.com')).toBe('com.example.directory/launch-directory');
    expect(registryName('http://localhost:3000')).toBe('localhost/launch-directory');
    expect(registryName('https://launches.example.org', 'Früh Launches!')).toBe('org.example.launches/fruh-launches');
    expect(registryName('https://launches.example.org', '✓✓')).toBe('org.example.launches/launch-directory');
  });

  it('keeps an IP address as it is: it is no domain to reverse (issue 52)', () => {
    expect(registryName('http://127.0.0.1:3000')).toBe('127.0.0.1/launch-directory');
    expect(registryName('http://[2001:db8::1]:3000')).toBe('2001-db8--1/launch-directory');
  });
});
