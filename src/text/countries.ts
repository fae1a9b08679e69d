/** Countries by their ISO 3166-1 alpha-2 codes, named in English by Intl: one table for the pages and the drafter. */

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/**
 * Two-letter codes Intl names that are no current ISO 3166-1 country: old, reserved, grouping and private-use codes
 * (UK is GB's reserved alias, not its code).
 */
const NOT_COUNTRIES = new Set('AC AN BU CP CS DD DG EA EU EZ FX IC NT QO SU TA TP UK UN XA XB YU ZR ZZ'.split(' '));

/** The English name of an ISO 3166-1 alpha-2 code ("DE" → "Germany"), or undefined when it is no current country's code. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  const name = REGION_NAMES.of(code);
  return name && name !== code ? name : undefined;
}

/** Every current country, sorted by its English name (a billing country select). */
export const COUNTRIES: readonly { code: string; name: string }[] = (() => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: { code: string; name: string }[] = [];
  for (const a of letters)
    for (const b of letters) {
      const name = countryName(a + b);
      if (name) out.push({ code: a + b, name });
    }
  return out.sort((x, y) => x.name.localeCompare(y.name, 'en'));
})();
