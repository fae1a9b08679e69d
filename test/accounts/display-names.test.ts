import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { createAccount, findAccount, setDisplayName } from '../../src/accounts/accounts.js';
import { checkDisplayName, fillNameSkeletons, POSING_NAME_PROBLEMS } from '../../src/accounts/display-names.js';
import { confusableKey } from '../../src/text/confusables.js';
import { ValidationError } from '../../src/errors.js';

/**
 * Names that pose (issue 52, item 4): each name a security tester had accepted is refused, by the domain function that
 * the sign-up form and the account page both call; ordinary names in any script still pass.
 */
let db: Database;
let drop: () => Promise<void>;
let made = 0;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop?.());

async function account(displayName?: string): Promise<string> {
  const email = `names-${++made}-${process.pid}@example.com`;
  const created = await createAccount(db, {
    email,
    password: 'correct horse battery staple',
    verified: true,
    now: new Date(),
    displayName,
  });
  if (!created) throw new Error('not created');
  return created.id;
}

/** The problem setDisplayName answers for the name (the message of its ValidationError on /display_name), or 'saved'. */
async function tryName(accountId: string, name: string): Promise<string> {
  try {
    await setDisplayName(db, accountId, name);
    return 'saved';
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    expect(error.errors?.[0]?.path).toBe('/display_name');
    return error.errors?.[0]?.message ?? '';
  }
}

describe('names that pose as the site team', () => {
  it('refuses the team words, whole or within a longer name, in look-alike letters, with or without spaces', async () => {
    const id = await account();
    for (const name of [
      '\u0410lice Site Team (\u0430dmin)', // Cyrillic А and а
      'Alice Site Team (admin)',
      'Admin',
      'ADMINISTRATOR',
      'Moderator Bob',
      'Site Staff',
      'Customer Support',
      'official',
      'SiteTeam',
      'Ѕite Tеam', // Cyrillic Ѕ and е
      'The mods',
      'Launch Directory',
      'launch directory team',
    ])
      expect(await tryName(id, name), name).toBe(POSING_NAME_PROBLEMS.team);
  });

  it("refuses the site's own name as the site_name setting says", async () => {
    const id = await account();
    await db.query(`INSERT INTO site_settings (key, value) VALUES ('site_name', '"Maker Hub"'::jsonb)`);
    try {
      expect(await tryName(id, 'Maker Hub Team')).toBe(POSING_NAME_PROBLEMS.team);
      expect(await tryName(id, 'MAKERHUB')).toBe(POSING_NAME_PROBLEMS.team);
      expect(await tryName(id, 'Launch Directory')).toBe('saved'); // no longer the site's name
    } finally {
      await db.query(`DELETE FROM site_settings WHERE key = 'site_name'`);
    }
  });

  it('refuses check-mark badges anywhere in a name', async () => {
    const id = await account();
    for (const name of ['Maker ✓ Site team', 'Maker ✓', 'Bob ✔', 'Bob ✔️', '☑ Carol', 'Dave ✅', 'Erin √'])
      expect(await tryName(id, name), name).toBe(POSING_NAME_PROBLEMS.badge);
  });

  it('lets a staff member use the team words (their role is the site team), but not a badge', async () => {
    const id = await account();
    await db.query(`UPDATE accounts SET role = 'moderator' WHERE id = $1`, [id]);
    expect(await tryName(id, 'Alice (Site Team, moderator)')).toBe('saved');
    expect(await tryName(id, 'Alice ✓ Site Team')).toBe(POSING_NAME_PROBLEMS.badge);
  });

  it('passes words that merely contain a team word, and "Team" on its own', async () => {
    const id = await account();
    for (const name of ['Badminton Club', 'Modesty Blaise', 'Team Rocket', "Alice's team", 'Supporter of things', 'Launch Pad'])
      expect(await tryName(id, name), name).toBe('saved');
  });
});

describe('names that pose as a member without a name', () => {
  it('refuses "Member" and six characters, however written', async () => {
    const id = await account();
    for (const name of ['Member 000000', 'Member A1B2C3', 'member abcdef', 'MEMBER-FFFFFF', 'Member000000', 'Мember 00OO00'])
      expect(await tryName(id, name), name).toBe(POSING_NAME_PROBLEMS.member);
    expect(await tryName(id, 'Member of the band')).toBe('saved');
  });
});

describe("another account's name", () => {
  it('refuses a copy of it, in another case or in look-alike letters, at sign-up and on the account page', async () => {
    await account('Alice Liddell');
    const id = await account();
    for (const name of ['Alice Liddell', 'alice liddell', '\u0410lice Liddell', 'Alice  Liddel\u04c0'])
      expect(await tryName(id, name), name).toBe(POSING_NAME_PROBLEMS.taken);
    await expect(account('ALICE LIDDELL')).rejects.toThrow(ValidationError);
    expect(await tryName(id, 'Alice Liddell-Hargreaves')).toBe('saved');
  });

  it("keeps the person's own name allowed, unchanged or in another case", async () => {
    const id = await account('Bruno Own');
    expect(await tryName(id, 'Bruno Own')).toBe('saved');
    expect(await tryName(id, 'BRUNO OWN')).toBe('saved');
    expect((await findAccount(db, id))?.displayName).toBe('BRUNO OWN');
  });

  it('keeps an unchanged name that an older look-alike shares (both accepted before the rule), and a posing name kept as it was', async () => {
    const older = randomUUID();
    const younger = randomUUID();
    // Written as accounts of before migration 0040 were: no skeleton.
    for (const [id, name] of [
      [older, 'Chloé Twin'],
      [younger, 'CHLOÉ TWIN'],
    ])
      await db.query(`INSERT INTO accounts (id, email, password_hash, display_name) VALUES ($1, $2, 'x', $3)`, [
        id,
        `${id}@example.com`,
        name,
      ]);
    expect(await tryName(younger, 'CHLOÉ TWIN')).toBe('saved');
    expect(await tryName(younger, 'Chloé Twin')).toBe(POSING_NAME_PROBLEMS.taken);
    const stale = await account();
    await db.query(`UPDATE accounts SET display_name = 'Old Admin' WHERE id = $1`, [stale]);
    expect(await tryName(stale, 'Old Admin')).toBe('saved');
    expect(await tryName(stale, 'Old Admin ✓')).toBe(POSING_NAME_PROBLEMS.badge);
  });

  it('finds names written without their skeleton (backfill) and keeps skeletons in step with the names (trigger)', async () => {
    const id = randomUUID();
    await db.query(`INSERT INTO accounts (id, email, password_hash, display_name) VALUES ($1, $2, 'x', 'Dora Backfill')`, [
      id,
      `${id}@example.com`,
    ]);
    const other = await account();
    expect(await tryName(other, 'dora backfill')).toBe(POSING_NAME_PROBLEMS.taken);
    const row = await db.one<{ display_name_skeleton: string }>('SELECT display_name_skeleton FROM accounts WHERE id = $1', [id]);
    expect(row?.display_name_skeleton).toBe(confusableKey('Dora Backfill'));

    // A name changed without its skeleton loses the old one, and is keyed again at the next check.
    await db.query(`UPDATE accounts SET display_name = 'Dora Renamed' WHERE id = $1`, [id]);
    expect(await db.one('SELECT display_name_skeleton FROM accounts WHERE id = $1', [id])).toEqual({ display_name_skeleton: null });
    expect(await tryName(other, 'Dora Backfill')).toBe('saved');
    expect(await tryName(await account(), 'DORA RENAMED')).toBe(POSING_NAME_PROBLEMS.taken);
    await fillNameSkeletons(db);
    expect(
      await db.one('SELECT count(*)::int AS n FROM accounts WHERE display_name IS NOT NULL AND display_name_skeleton IS NULL'),
    ).toEqual({
      n: 0,
    });
  });
});

describe('names already refused before (invisible characters)', () => {
  it('refuses a name of only U+2800 or of only invisible characters, with the length problem', async () => {
    const id = await account();
    for (const name of ['\u2800', '\u2800 \u2800', '\u00ad\u034f\ufff9', '\u{E0041}\u{E007F}', '\u3164'])
      expect(await tryName(id, name), JSON.stringify(name)).toBe('Use 1 to 50 characters for your public name.');
  });
});

describe('ordinary names', () => {
  it('pass in any script, with accents, and a Cyrillic name that is genuinely Cyrillic beside its Latin look-alike', async () => {
    await account('Anna Ivanova');
    for (const name of [
      'Zoë Müller',
      'José Álvarez',
      '李小龍',
      '山田 太郎',
      'Анна Иванова',
      'مرحبا',
      'Søren Kierkegaard',
      'Ada Lovelace 2',
    ]) {
      const checked = await checkDisplayName(db, name, await account());
      expect(checked, name).toEqual({ name, skeleton: confusableKey(name) });
      expect(await tryName(await account(), name), name).toBe('saved');
      expect(await tryName(await account(), name), `a second ${name}`).toBe(POSING_NAME_PROBLEMS.taken);
    }
  });
});
