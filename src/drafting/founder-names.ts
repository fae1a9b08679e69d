/**
 * Founders' names, shown on listings and the founders' pages, follow the rules of public display names where they make
 * sense for them (src/accounts/display-names.ts): control characters removed, unseen characters stripped and white
 * space collapsed (cleanName); a name with nothing visible left is refused; and so is one that poses as the site team,
 * carries a check mark or looks like the "Member ……" name of a person who chose none (posingNameProblem, by Unicode
 * TR39 skeletons, so "Аlice Site Team (аdmin)" in Cyrillic letters poses too). Another person's name is no reason here:
 * a founder may well be a member, under the same name. Checked where a name is typed (update_draft, the draft form) and
 * again where a draft becomes its listing (draft-submission.ts), whatever put the name in the draft.
 */
import type { Statements } from '../db/database.js';
import { FOUNDER_NAME_PROBLEMS, posingNameProblem } from '../accounts/display-names.js';
import { loadSiteName } from '../catalogue/site-settings.js';
import { type ProblemFieldError, ValidationError } from '../errors.js';
import { UNSEEN_NAME } from '../schema.js';
import { cleanName, hasVisibleCharacter } from '../text/names.js';

/** Why the founder's name (as cleanName stores it) may not be shown, or undefined when it may. */
function founderNameProblem(name: string, siteName: string): string | undefined {
  if (!hasVisibleCharacter(name)) return UNSEEN_NAME;
  return posingNameProblem(name, siteName, FOUNDER_NAME_PROBLEMS);
}

/** The founders' names that may not be shown, each at its path (/founders/{i}/name). */
export async function founderNameProblems(db: Statements, founders: readonly { name: string }[]): Promise<ProblemFieldError[]> {
  if (founders.length === 0) return [];
  const siteName = await loadSiteName(db);
  return founders.flatMap(({ name }, i) => {
    const problem = founderNameProblem(cleanName(name), siteName);
    return problem === undefined ? [] : [{ path: `/founders/${i}/name`, message: problem }];
  });
}

/** The founders with their names as stored (cleanName), or a ValidationError (400) at each name that may not be shown. */
export async function acceptFounderNames<T extends { name: string }>(db: Statements, founders: readonly T[]): Promise<T[]> {
  const problems = await founderNameProblems(db, founders);
  if (problems.length > 0) throw new ValidationError(problems);
  return founders.map((founder) => ({ ...founder, name: cleanName(founder.name) }));
}
