import type { Statements } from '../db/database.js';
import { DISPLAY_NAME_MAX } from '../community/public-name.js';
import { loadSiteName } from '../catalogue/site-settings.js';
import { ValidationError } from '../errors.js';
import { confusableKey } from '../text/confusables.js';
import { cleanName, hasVisibleCharacter } from '../text/names.js';

/** What a public name that breaks the length rule is told (the account page's setting and the sign-up form alike). */
const DISPLAY_NAME_PROBLEM = `Use 1 to ${DISPLAY_NAME_MAX} characters for your public name.`;

/** What a name that poses as the site team, a badge or a default name is told: `names` and `yours` say whose name it is. */
const posingProblems = (names: string, yours: string) => ({
  team: `${names} may not speak for the site team: leave out words such as "admin", "moderator", "staff", "support", "official" and the name of the site.`,
  badge: `Leave check marks such as ✓, ✔ and ☑ out of ${yours}: the site gives no badges in names.`,
  member: `People without a public name are shown as "Member" and six characters: choose a name that does not look like one of those.`,
});
type PosingProblems = ReturnType<typeof posingProblems>;

/** What a name that poses is told, by what it poses as. */
export const POSING_NAME_PROBLEMS = {
  ...posingProblems('Public names', 'your public name'),
  taken: 'Another member already uses this public name, or one that looks the same: choose another.',
} as const;

/** What a founder's name that poses is told (founders' names shown on listings: src/drafting/founder-names.ts). */
export const FOUNDER_NAME_PROBLEMS = posingProblems("Founders' names", "a founder's name");

/**
 * The one rule for the name shown with the person's reviews and comments: cleanName's (control characters removed,
 * unseen characters stripped as from every name, whitespace collapsed to one space: src/text/names.ts), something
 * visible left (not only U+2800 or fillers), 1 to DISPLAY_NAME_MAX characters. Answers the name as it is stored, or
 * undefined when it breaks the rule (then DISPLAY_NAME_PROBLEM says why). acceptDisplayName adds the rules against
 * names that pose.
 */
function cleanDisplayName(name: string): string | undefined {
  const cleaned = cleanName(name);
  const length = [...cleaned].length;
  return length === 0 || length > DISPLAY_NAME_MAX || !hasVisibleCharacter(cleaned) ? undefined : cleaned;
}

/**
 * Words by which a name would speak for the site (besides the site's own name, from the site_name setting), compared
 * by confusableKey as whole words or runs of words: "Site Team", "SiteTeam" and "Ѕite Tеam" alike; "Team" alone is
 * an ordinary word, and so is a word that merely contains one of these ("Badminton", "Modesty").
 */
const TEAM_WORDS = [
  'admin',
  'admins',
  'administrator',
  'administrators',
  'administration',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'support',
  'official',
  'verified',
  'webmaster',
  'sysop',
  'site team',
  'site owner',
  'site editor',
  'editorial team',
];

/** Check marks and the like, which would pass for a badge the site gave: ✓ ✔ ☑ ✅ √ ⍻ 🗸 🗹 🮱 and the Aegean check mark. */
const BADGE = /[\u2713\u2714\u2611\u2705\u221A\u237B\u{1F5F8}\u{1F5F9}\u{1FBB1}\u{10102}]/u;

/** A name's words as confusable keys: letters, marks and digits, anything else parting them. */
const wordsOf = (text: string) =>
  confusableKey(text)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

/** Whether a run of the name's words, joined, is the phrase's words joined ("site team" in "Alice SiteTeam (x)"). */
function containsPhrase(words: readonly string[], phrase: string): boolean {
  const wanted = wordsOf(phrase).join('');
  if (wanted === '') return false;
  for (let start = 0; start < words.length; start++) {
    let run = '';
    for (let end = start; end < words.length && run.length < wanted.length; end++) {
      run += words[end];
      if (run === wanted) return true;
    }
  }
  return false;
}

/** Whether the name speaks for the site team: a team word or the site's name among its words. */
function speaksForTeam(name: string, siteName: string): boolean {
  const words = wordsOf(name);
  return [...TEAM_WORDS, siteName].some((phrase) => containsPhrase(words, phrase));
}

const MEMBER_KEY = confusableKey('Member');

/**
 * Whether the name looks like the name of a person who chose none (publicName: "Member A1B2C3"): "Member" (or a
 * look-alike, in any case) and six more characters, leaving out spaces and punctuation ("Member 000000", "Мember-abcdef").
 */
function looksLikeDefaultName(name: string): boolean {
  const characters = [...name.replace(/[\s\p{P}]+/gu, '')];
  return characters.length === 12 && confusableKey(characters.slice(0, 6).join('')) === MEMBER_KEY;
}

/** How many unkeyed names fillNameSkeletons keys at a time. */
const FILL_BATCH = 500;

/**
 * Gives every named account without one its display_name_skeleton (the accounts of before migration 0040, those
 * made at sign-up, names written any other way). Found through a partial index, so once all are keyed it costs one
 * look-up that finds nothing.
 */
export async function fillNameSkeletons(db: Statements): Promise<void> {
  for (;;) {
    const rows = await db.query<{ id: string; display_name: string }>(
      'SELECT id, display_name FROM accounts WHERE display_name IS NOT NULL AND display_name_skeleton IS NULL LIMIT $1',
      [FILL_BATCH],
    );
    if (rows.length === 0) return;
    await db.query(
      `UPDATE accounts a SET display_name_skeleton = v.skeleton
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, name, skeleton)
       WHERE a.id = v.id AND a.display_name = v.name`,
      [rows.map((row) => row.id), rows.map((row) => row.display_name), rows.map((row) => confusableKey(row.display_name))],
    );
    if (rows.length < FILL_BATCH) return;
  }
}

/** A name that may be stored, with its confusableKey. */
export interface AcceptedDisplayName {
  name: string;
  skeleton: string;
}

/** The account a name is chosen for: its id, its staff role and its name as stored now. */
interface Chooser {
  id: string;
  role: string | null;
  display_name: string | null;
}

/**
 * Why a name as stored poses as something it is not, in `problems`' words, or undefined when it does not: a check mark
 * (a badge the site never gives), "Member" and six characters (how people without a name are shown), or a word of the
 * site team or the site's own name `siteName` (unless `staff`: the account has a staff role). Compared by confusableKey
 * (the case-folded TR39 skeleton), so look-alike letters of other scripts pose as well. Another person's name is
 * checkDisplayName's question, for accounts only.
 */
export function posingNameProblem(name: string, siteName: string, problems: PosingProblems, staff = false): string | undefined {
  if (BADGE.test(name)) return problems.badge;
  if (looksLikeDefaultName(name)) return problems.member;
  if (!staff && speaksForTeam(name, siteName)) return problems.team;
  return undefined;
}

/** Why the name may not be used, or undefined when it may. */
async function posingProblem(db: Statements, name: string, skeleton: string, chooser: Chooser | undefined): Promise<string | undefined> {
  const posing = posingNameProblem(name, await loadSiteName(db), POSING_NAME_PROBLEMS, Boolean(chooser?.role));
  if (posing) return posing;
  await fillNameSkeletons(db);
  const [other] = await db.query(
    'SELECT 1 AS taken FROM accounts WHERE display_name_skeleton = $1 AND id IS DISTINCT FROM $2::uuid LIMIT 1',
    [skeleton, chooser?.id ?? null],
  );
  return other ? POSING_NAME_PROBLEMS.taken : undefined;
}

/**
 * The public name as it will be stored, or why not (`problem`, for the field). cleanDisplayName's rule, then the rules
 * against names that pose, compared by confusableKey (the case-folded TR39 skeleton): no check marks; not "Member" and
 * six characters (how people without a name are shown); no word of the site team nor the site's name, unless the
 * account has a staff role; and not another account's name or a look-alike of it. The account's own name, unchanged,
 * stays allowed (it was accepted before these rules or before someone else's look-alike). `accountId`: the account
 * choosing the name; none at sign-up.
 */
export async function checkDisplayName(
  db: Statements,
  typed: string,
  accountId?: string,
): Promise<AcceptedDisplayName | { problem: string }> {
  const name = cleanDisplayName(typed);
  if (name === undefined) return { problem: DISPLAY_NAME_PROBLEM };
  const skeleton = confusableKey(name);
  const [chooser] = accountId
    ? await db.query<Chooser & Record<string, unknown>>('SELECT id, role, display_name FROM accounts WHERE id = $1::uuid', [accountId])
    : [];
  if (chooser && chooser.display_name === name) return { name, skeleton };
  const problem = await posingProblem(db, name, skeleton, chooser);
  return problem === undefined ? { name, skeleton } : { problem };
}

/** checkDisplayName's accepted name, or its problem as a ValidationError on /display_name (400 problem+json). */
export async function acceptDisplayName(db: Statements, typed: string, accountId?: string): Promise<AcceptedDisplayName> {
  const checked = await checkDisplayName(db, typed, accountId);
  if ('problem' in checked) throw new ValidationError([{ path: '/display_name', message: checked.problem }]);
  return checked;
}
