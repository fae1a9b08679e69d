/**
 * Whether a name the drafter read where a founder's name stands ("founded by Hudson Labs") names a
 * person. A name has a person's shape already (two or three capitalised words); this refuses those
 * that read as a company, a product or a place: a company word at its end ("Labs", "GmbH"), the
 * product's own name, or what the `compromise` NLP library tags as an organisation or a place
 * ("Goldman Sachs", "Harper Lane"). compromise is loaded at the first draft, never at start-up; until
 * then only the word rules apply.
 */
type Nlp = (text: string) => { out(format: 'tags'): Record<string, string[]>[] };

let nlp: Nlp | undefined;
let loading: Promise<void> | undefined;

/** Loads compromise once (about 0.4 s). */
export function loadNameReader(): Promise<void> {
  loading ??= import('compromise').then((m) => {
    nlp = m.default as unknown as Nlp;
  });
  return loading;
}

const COMPANY_WORD =
  /^(?:labs?|forge|works|studios?|software|systems?|robotics|technolog(?:y|ies)|tech|group|media|digital|ventures|partners|capital|solutions|cloud|data|analytics|games|designs?|consulting|collective|agency|industries|holdings|foundation|company|co|corp|corporation|inc|gmbh|ag|ltd|llc|llp|plc|bv|sa|ab|ai|apps?|hub|networks?|interactive|health|bank|press|books|records|motors|electronics|brands|global|international|associates|creative|team|project|hq|io)$/i;

/** Whether `name` (a person-shaped run of capitalised words) names a person rather than a company, product or place. */
export function isPersonName(name: string, productNames: readonly string[] = []): boolean {
  const words = name.split(/\s+/);
  const last = (words[words.length - 1] ?? '').replace(/[.,]$/, '');
  if (COMPANY_WORD.test(last)) return false;
  const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  if (productNames.some((p) => squash(p).length >= 4 && (squash(name).includes(squash(p)) || squash(p).includes(squash(name)))))
    return false;
  if (!nlp) return true;
  const tags = Object.values(nlp(name).out('tags')[0] ?? {});
  const firstName = tags[0]?.includes('FirstName') ?? false;
  if (tags.some((t) => t.includes('Organization'))) return false;
  return firstName || !tags.some((t) => t.includes('Place'));
}
