/** Verifiable awards: each award's proof checks out offline against the published keys, and nothing else does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import { runAdminCommand } from '../../src/admin/commands.js';
import { awardSigner, COUNTED_VOTES } from '../../src/catalogue/award-proofs.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { adminDeps } from '../support/admin.js';

let t: TestApp;
let jwksUrl: string;
const keys = async () => (await (await fetch(jwksUrl)).json()) as JSONWebKeySet;
const awards = async () =>
  (await (await fetch(`${t.url}/api/v1/awards?include_proof=true`)).json()).items as {
    week: string;
    rank: number;
    votes: number;
    proof: string;
    listing: { slug: string };
  }[];
const verify = async (proof: string, set?: JSONWebKeySet) =>
  jwtVerify(proof, createLocalJWKSet(set ?? (await keys())), { issuer: t.url, algorithms: ['EdDSA'] });

beforeAll(async () => {
  t = await startTestApp();
  jwksUrl = `${t.url}/.well-known/jwks.json`;
  const category_id = await insertCategory(t.db);
  for (const [rank, slug] of ['gold-app', 'silver-app'].entries()) {
    const id = await insertListing(t.db, { slug, name: slug, category_id, status: 'live', launch_week: '2026-11-09' });
    await t.db.query('INSERT INTO awards (week, rank, listing_id, votes) VALUES ($1::date, $2, $3, $4)', [
      '2026-11-09',
      rank + 1,
      id,
      40 - rank,
    ]);
  }
});
afterAll(() => t?.close());

describe('award proofs', () => {
  it('state the award, signed by a published key: a JWT anyone verifies offline', async () => {
    const response = await fetch(jwksUrl);
    expect(response.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    const set = (await response.json()) as JSONWebKeySet;
    expect(set.keys).toHaveLength(1);
    expect(set.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(set.keys[0]).not.toHaveProperty('d'); // never the private part
    const [gold] = await awards();
    const { payload, protectedHeader } = await verify(gold!.proof, set);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: set.keys[0]!.kid });
    // The same award always has the same proof (Ed25519 is deterministic): REST, MCP and every instance agree.
    expect((await awards())[0]!.proof).toBe(gold!.proof);
    expect(payload).toMatchObject({
      iss: t.url,
      sub: `${t.url}/listings/gold-app`,
      award: { week: '2026-11-09', rank: 1, title: 'Launch of the Week #1', votes: 40, votes_are: COUNTED_VOTES },
      listing: { slug: 'gold-app', name: 'gold-app', profile_url: `${t.url}/listings/gold-app` },
    });
    // Each award has its proof at an address of its own, linked from the site.
    const own = await fetch(`${t.url}/awards/2026-11-09/1.jwt`);
    expect(own.headers.get('content-type')).toMatch(/^application\/jwt/);
    expect((await verify(await own.text())).payload).toMatchObject({ award: { rank: 1 } });
    expect((await fetch(`${t.url}/awards/2026-11-09/3.jwt`)).status).toBe(404);
    expect(await (await fetch(`${t.url}/awards`)).text()).toContain(`href="${t.url}/awards/2026-11-09/2.jwt"`);
    expect(await (await fetch(`${t.url}/listings/gold-app`)).text()).toContain(`href="${t.url}/awards/2026-11-09/1.jwt"`);
  });

  it('refuse a forged proof (another key under the published kid) and a tampered one', async () => {
    const [gold] = await awards();
    const { kid } = decodeProtectedHeader(gold!.proof);
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ award: { week: '2026-11-09', rank: 1, title: 'Launch of the Week #1', votes: 999 } })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(t.url)
      .setSubject(`${t.url}/listings/some-other-app`)
      .sign(privateKey);
    await expect(verify(forged)).rejects.toThrow(/signature verification failed/);

    const [header, payload, signature] = gold!.proof.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    claims.award.votes = 9999;
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await expect(verify(tampered)).rejects.toThrow(/signature verification failed/);

    // A key nobody published (the forger's own set) proves nothing either.
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    await expect(verify(gold!.proof, { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' }] })).rejects.toThrow();
  });

  it('keep verifying after the key is rotated, while new proofs use the new key', async () => {
    const before = (await awards())[1]!.proof;
    const rotated = await runAdminCommand(adminDeps(t.db), ['rotate-award-key']);
    expect(rotated.exitCode).toBe(0);
    expect(rotated.output).toMatch(/award proofs are signed with key [0-9a-f-]{36} from now on .*; 2 keys are published/);
    const set = await keys();
    expect(set.keys).toHaveLength(2);
    const newKid = set.keys[0]!.kid;
    expect(rotated.output).toContain(newKid!);
    // The old proof still checks out against the published set.
    expect((await verify(before, set)).payload).toMatchObject({ award: { rank: 2 } });
    // This instance picks the new key up within a minute; a fresh signer uses it at once.
    const fresh = await awardSigner(
      t.db,
      t.url,
    )({
      week: '2026-11-09',
      rank: 2,
      title: 'Launch of the Week #2',
      votes: 39,
      listing: { slug: 'silver-app', name: 'silver-app', profile_url: `${t.url}/listings/silver-app` },
    });
    expect(decodeProtectedHeader(fresh).kid).toBe(newKid);
    expect((await verify(fresh, set)).payload).toMatchObject({ award: { votes: 39 } });
    expect((await runAdminCommand(adminDeps(t.db), ['rotate-award-key', 'now'])).exitCode).toBe(2);
  });
});
