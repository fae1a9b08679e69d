import type { DraftRecord, StoredField } from './draft-store.js';
import { PROFILE_FIELDS, type DraftProposal, type ProfileField } from './profile-fields.js';
import { stripInvisible } from '../text/invisible-characters.js';
import { cleanName, hasVisibleCharacter } from '../text/names.js';

/**
 * Lays a verified proposal over a draft. Every field drafted gets state `ai` with its evidence and
 * remembers the AI value (for restore); a field the site does not state becomes `not_found`.
 * Fields locked with `override` are never touched. A redraft (`only`) that finds nothing keeps the
 * previous AI value for restore. Without `only` (the first drafting) FAQs,
 * founders and socials are taken from the proposal too.
 */
export function applyProposal(draft: DraftRecord, drafted: DraftProposal, only?: readonly ProfileField[]): void {
  const proposal = withVisibleNames(drafted);
  for (const field of only ?? PROFILE_FIELDS) {
    if (draft.fields[field]?.state === 'override') continue;
    const proposed = proposal.fields[field];
    const next: StoredField = proposed
      ? { value: proposed.value, state: 'ai', evidence: proposed.evidence, ai: { value: proposed.value, evidence: proposed.evidence } }
      : { value: null, state: 'not_found', evidence: [], ai: only ? (draft.fields[field]?.ai ?? null) : null };
    draft.fields[field] = next;
  }
  if (only) return;
  draft.faqs = proposal.faqs.map(({ value, evidence }) => ({ question: value.question, answer: value.answer, evidence }));
  draft.founders = proposal.founders.map(({ value, evidence }) => ({
    name: value.name,
    title: value.title ?? null,
    bio: value.bio ?? null,
    evidence,
  }));
  const primary = proposal.founders[0]?.value.socials;
  if (primary) draft.founderSocials = { ...primary };
  draft.companySocials = Object.fromEntries(
    Object.entries(proposal.socials).map(([key, social]) => [key, { url: social!.value, evidence: social!.evidence }]),
  );
}

/**
 * The proposal with its name, tagline and founders' names stripped of invisible characters (a site's own title can
 * carry a bidirectional override or a zero-width space; founders' names as any person's name: cleanName); one left
 * with nothing visible is not proposed. Evidence stays verbatim. A founder's name that poses is left for the person to
 * fix: the draft shows it among what it needs, and it cannot become the listing until fixed (founder-names.ts).
 */
function withVisibleNames(proposal: DraftProposal): DraftProposal {
  const fields = { ...proposal.fields };
  for (const field of ['name', 'tagline'] as const) {
    const proposed = fields[field];
    if (typeof proposed?.value !== 'string') continue;
    const value = stripInvisible(proposed.value).trim();
    if (value === '') delete fields[field];
    else fields[field] = { ...proposed, value };
  }
  const founders = proposal.founders
    .map((founder) => ({ ...founder, value: { ...founder.value, name: cleanName(founder.value.name) } }))
    .filter((founder) => hasVisibleCharacter(founder.value.name));
  return { ...proposal, fields, founders };
}
