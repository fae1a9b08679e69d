/**
 * Where a company says it is, read from plain statements of its pages: "based in Lyon, France",
 * "Made in Ljubljana", "HQ: Austin, TX, USA", or a postal address ("Level 2, 45 Flinders Lane,
 * Melbourne VIC 3000, Australia"). Each place comes with the verbatim text that states it; a city is
 * only taken where the text names it as the place of the company (never from a list of cities its
 * customers live in), and a region ("Europe", "California") is no city.
 */
import { countryCode } from './evidence.js';

export interface PlaceStatement {
  /** The verbatim text stating the place (a part of the block given). */
  quote: string;
  city?: string;
  /** ISO 3166 alpha-2. */
  country?: string;
}

const NAME_WORD = "\\p{Lu}[\\p{L}'’.-]*";
const CITY_NAME = new RegExp(`^${NAME_WORD}(?: (?:${NAME_WORD}|de|del|la|le|am|an|upon|on|sur))*$`, 'u');
/** "based in Lyon, France", "Proudly made in Lyon.", "headquartered in New York City". */
const IN_PLACE = new RegExp(
  `\\b(?:[Bb]ased|[Hh]eadquartered|[Ll]ocated|[Mm]ade|[Bb]uilt|[Cc]rafted|[Dd]esigned|[Dd]eveloped)(?: with (?:♥|❤️?|love|care|pride))? in (${NAME_WORD}(?: ${NAME_WORD}){0,2})(?:, (${NAME_WORD}(?: ${NAME_WORD}){0,3}))?`,
  'u',
);
/** "HQ: Austin, TX, USA", "Registered office: 20 Market Street, London EC2A 4NE, United Kingdom". */
const LABELLED = /\b(?:HQ|Headquarters|Head office|Registered office|Office|Address|Visit us|Find us)\s*:\s*([^·|•]+)/;
/** Words that name a street or a building, not a city. */
const STREET =
  /\b(?:street|st|road|rd|lane|avenue|ave|boulevard|blvd|square|place|way|drive|floor|level|suite|unit|building|cesta|straße|strasse|rue|via|calle)\b/i;
/** Regions and continents a page may say it is made in: no city, no country. */
const REGIONS = new Set([
  ...'europe africa asia america oceania scandinavia eu earth'.split(' '),
  ...['the eu', 'north america', 'south america', 'latin america', 'the americas', 'the nordics', 'the balkans', 'the middle east'],
  ...['silicon valley', 'the bay area', 'the world', 'the cloud', 'the uk', 'the us', 'the usa', 'new england'],
  ...'england scotland wales bavaria catalonia ontario quebec'.split(' '),
  // US states (a city of the same name, such as New York, is named with its country or state)
  ...'alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia wisconsin wyoming'.split(
    ' ',
  ),
  ...['new hampshire', 'new jersey', 'new mexico', 'north carolina', 'north dakota', 'south carolina', 'south dakota', 'rhode island'],
  ...['west virginia', 'british columbia'],
]);

const trimEnd = (s: string): string => s.replace(/[\s.,;:!]+$/, '');
const isRegion = (s: string): boolean => REGIONS.has(s.toLowerCase());

/** A city name as stated: a capitalised name of up to four words, neither a country, a region nor a street. */
function cityName(raw: string): string | undefined {
  const name = trimEnd(raw);
  if (!CITY_NAME.test(name) || name.split(' ').length > 4 || name.length > 60) return undefined;
  if (countryCode(name) || isRegion(name) || STREET.test(name)) return undefined;
  return name;
}

/** The city of an address part: the last run of words between numbers ("1000 Ljubljana", "Melbourne VIC 3000", "London EC2A 4NE"). */
function cityOfPart(part: string): string | undefined {
  const runs: string[][] = [[]];
  for (const token of part.trim().split(/\s+/)) {
    if (/\d/.test(token)) runs.push([]);
    else runs[runs.length - 1].push(token);
  }
  const run = runs.filter((r) => r.length > 0).pop() ?? [];
  // A state or province code after the city ("VIC", "TX") is not the city.
  while (run.length > 0 && /^[A-Z]{2,3}$/.test(run[run.length - 1])) run.pop();
  return run.length > 0 ? cityName(run.join(' ')) : undefined;
}

/** A postal address, or its end: the country is the last part that names one; the city comes before it. */
export function addressPlace(address: string): PlaceStatement | undefined {
  const parts = [...address.matchAll(/[^,]+/g)].map((m) => ({ text: m[0].trim(), end: (m.index ?? 0) + m[0].length }));
  let at = parts.length - 1;
  while (at > 0 && !countryCode(trimEnd(parts[at].text))) at--;
  const country = at > 0 ? countryCode(trimEnd(parts[at].text)) : undefined;
  if (!country) return undefined;
  let city: string | undefined;
  for (let j = at - 1; j >= 0 && j >= at - 2 && !city; j--) {
    city = cityOfPart(parts[j].text);
    // Only a state or province code ("TX", "CA 94107") may stand between the city and the country.
    if (!city && !/^[A-Z]{2,3}(?: [\dA-Z -]+)?$/.test(parts[j].text)) break;
  }
  return { quote: trimEnd(address.slice(0, parts[at].end)).trim(), city, country };
}

/** Places one sentence or block of text states (see the module comment); `isAddress` reads the whole text as an address. */
export function placesIn(text: string, isAddress = false): PlaceStatement[] {
  const found: PlaceStatement[] = [];
  // An address element is read whole; a line of text only when it reads as a postal address (numbers, a city, a country).
  const address = isAddress || /\d/.test(text) ? addressPlace(text) : undefined;
  if (address && (isAddress || (address.city && address.country))) found.push(address);
  const labelled = LABELLED.exec(text);
  if (labelled) {
    const place = addressPlace(trimEnd(labelled[1]));
    if (place) found.push({ ...place, quote: trimEnd(labelled[0]) });
  }
  const stated = IN_PLACE.exec(text);
  if (stated) found.push(...inPlace(stated));
  return found.filter((p) => p.city || p.country);
}

/** "based in Lyon, France": a city and a country; "Made in Ljubljana": a city; "Made in Germany": a country. */
function inPlace(match: RegExpExecArray): PlaceStatement[] {
  const [whole, first, second] = match;
  const firstCountry = countryCode(trimEnd(first));
  if (second) {
    const country = countryCode(trimEnd(second));
    if (country) return [{ quote: trimEnd(whole), city: cityName(first), country }];
    // "based in Austin, TX, USA" and the like are read as an address by the caller's other rules.
  }
  if (firstCountry) return [{ quote: trimEnd(whole.slice(0, whole.indexOf(first) + first.length)), country: firstCountry }];
  const city = cityName(first);
  return city ? [{ quote: whole.slice(0, whole.indexOf(first) + first.length), city }] : [];
}
