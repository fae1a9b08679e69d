/**
 * Verifiable awards: each Launch of the Week award comes with a proof, a JWT (compact JWS, EdDSA with Ed25519) signed with the
 * service's award key, that anyone can check offline against the public keys at /.well-known/jwks.json. Keys are
 * shared by every instance (service_secrets) and rotated by the site team (npm run admin -- rotate-award-key): the
 * newest signs, the older ones stay published, so a proof made before a rotation still verifies.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Database } from '../db/database.js';
import { sharedSecret } from '../security/service-secrets.js';

const SECRET_NAME = 'award_signing_keys';
/**
 * Ed25519 signatures are deterministic: the same award always has the same proof under one key, so REST and MCP,
 * every instance and every read answer alike (ECDSA would give a new signature each time).
 */
const ALG = 'EdDSA';
/** Keys kept published after a rotation (older proofs than the oldest kept key no longer verify). */
const KEYS_KEPT = 10;
/** How long an instance signs with the keys it read before reading them again (a rotation elsewhere). */
const KEYS_TTL_MS = 60_000;

interface StoredKey {
  kid: string;
  private: JWK;
  public: JWK;
  created_at: string;
}
interface StoredKeys {
  keys: StoredKey[];
}

/** What an award's `votes` are, stated in its proof: the votes that count (the vote check's flags excluded). */
export const COUNTED_VOTES =
  'counted votes: community votes cast during the launch week, without those the vote check flagged (unless a moderator cleared them)';

/** What an award proof states. */
interface AwardStatement {
  week: string;
  rank: number;
  title: string;
  votes: number;
  listing: { slug: string; name: string; profile_url: string };
}

async function newKey(now: Date): Promise<StoredKey> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  const kid = randomUUID();
  return {
    kid,
    private: { ...(await exportJWK(privateKey)), kid, alg: ALG },
    public: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
    created_at: now.toISOString(),
  };
}

/** The stored keys, made on first use (every instance then reads the same ones). */
async function storedKeys(db: Database): Promise<StoredKeys> {
  const existing = await db.one<{ value: StoredKeys }>('SELECT value FROM service_secrets WHERE name = $1', [SECRET_NAME]);
  if (existing) return existing.value;
  const made = await newKey(new Date());
  return sharedSecret<StoredKeys>(db, SECRET_NAME, () => ({ keys: [made] }));
}

/** The public keys anyone verifies proofs with (a JWK Set). */
export async function awardPublicKeys(db: Database): Promise<{ keys: JWK[] }> {
  return { keys: (await storedKeys(db)).keys.map((key) => key.public) };
}

/** Starts signing with a new key; the previous keys stay published. Answers the new key's id. */
export async function rotateAwardKey(db: Database, now: Date): Promise<{ kid: string; published: number }> {
  await storedKeys(db);
  const key = await newKey(now);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ value: StoredKeys }>('SELECT value FROM service_secrets WHERE name = $1 FOR UPDATE', [SECRET_NAME]);
    const keys = [key, ...(row?.value.keys ?? [])].slice(0, KEYS_KEPT);
    await tx.query('UPDATE service_secrets SET value = $2 WHERE name = $1', [SECRET_NAME, JSON.stringify({ keys })]);
    return { kid: key.kid, published: keys.length };
  });
}

export type AwardSigner = (statement: AwardStatement) => Promise<string>;

/** Signs award statements with the newest key, rereading the keys at most once a minute. */
export function awardSigner(db: Database, issuer: string): AwardSigner {
  let loaded: { kid: string; key: CryptoKey | Uint8Array; until: number } | undefined;
  const signingKey = async () => {
    if (loaded && Date.now() < loaded.until) return loaded;
    const [newest] = (await storedKeys(db)).keys;
    loaded = { kid: newest!.kid, key: await importJWK(newest!.private, ALG), until: Date.now() + KEYS_TTL_MS };
    return loaded;
  };
  return async (statement) => {
    const { kid, key } = await signingKey();
    return new SignJWT({
      award: { week: statement.week, rank: statement.rank, title: statement.title, votes: statement.votes, votes_are: COUNTED_VOTES },
      listing: statement.listing,
    })
      .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(statement.listing.profile_url)
      .sign(key); // no iat: the statement holds whenever it is read, and stays the same bytes
  };
}
