/** Countries by their ISO 3166-1 alpha-2 codes, named in English by Intl: one table for the pages and the drafter. */

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/**
 * Two-letter codes Intl names that are no current ISO 3166-1 country: old, reserved, grouping and private-use codes
 * (UK is GB's reserved alias, not its code).
 */
const NOT_COUNTRIES = new Set('AC AN BU CP CS DD DG EA EU EZ FX IC NT QO SU TA TP UK UN XA XB YU ZR ZZ'.split(' '));

/** The English name of an ISO 3166-1 alpha-2 code ("DE" → "Germany"), or undefined when it is no current country's code. */
export function countryName(code: string): string | undefined {
  return NAMES.get(code);
}

/** Intl's name of a two-letter code when it is a current country's (asked once per code: Intl is slow). */
function intlName(code: string): string | undefined {
  if (NOT_COUNTRIES.has(code)) return undefined;
  const name = REGION_NAMES.of(code);
  return name && name !== code ? name : undefined;
}

const NAMES: ReadonlyMap<string, string> = (() => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const names = new Map<string, string>();
  for (const a of letters)
    for (const b of letters) {
      const name = intlName(a + b);
      if (name) names.set(a + b, name);
    }
  return names;
})();

/** Every current country, sorted by its English name (a billing country select). */
export const COUNTRIES: readonly { code: string; name: string }[] = [...NAMES]
  .map(([code, name]) => ({ code, name }))
  .sort((x, y) => x.name.localeCompare(y.name, 'en'));
