/**
 * Where a company says it is, read from plain statements of its pages: "based in Lyon, France",
 * "Made in Ljubljana", "HQ: Austin, TX, USA", or a postal address ("Level 2, 45 Flinders Lane,
 * Melbourne VIC 3000, Australia"). Each place comes with the verbatim text that states it; a city is
 * only taken where the text names it as the place of the company (never from a list of cities its
 * customers live in), and a region ("Europe", "California") is no city.
 *
 * Once the gazetteer is loaded (src/drafting/gazetteer.ts, GeoNames), looser phrasings are read too,
 * each only when the city is one of the stated country's (or state's): "Crateforge GmbH is an
 * independent company in Hamburg, Germany", "We are a small team from Utrecht in the Netherlands",
 * "founded in 2018 in Austin, Texas", "HQ: Austin, TX"; a US state after a city places it in the US.
 * Those sentences must speak of the company (we, our team, the company, a company's legal name or the
 * product's name, founded/started), never as a quotation ("Maria from Berlin says ...").
 */
import { countryCode } from './evidence.js';
import { loadedGazetteer } from './gazetteer.js';
import { usStateCode } from './regions.js';

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
  `\\b(?:[Bb]ased|[Hh]eadquartered|[Ll]ocated|[Mm]ade|[Bb]uilt|[Cc]rafted|[Dd]esigned|[Dd]eveloped)(?: and (?:drawn|built|made|designed|developed|crafted|coded|printed|assembled))?(?: by hand)?(?: with (?:♥|❤️?|love|care|pride))? (?:in|from) (${NAME_WORD}(?: ${NAME_WORD}){0,2})(?:(?:, | in (?:the )?)(${NAME_WORD}(?: ${NAME_WORD}){0,3}))?`,
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
  // Nor a postal code's letters before it ("1016 DV Amsterdam"): the gazetteer's city, when it knows one.
  const gazetteer = loadedGazetteer();
  for (let from = 1; gazetteer && from < run.length && /^[A-Z]{1,3}$/.test(run[from - 1]); from++) {
    if (gazetteer.cities(run.join(' ')).length) break;
    const rest = run.slice(from).join(' ');
    if (gazetteer.cities(rest).length) return cityName(rest);
  }
  return run.length > 0 ? cityName(run.join(' ')) : undefined;
}

/**
 * The country a city and the region named after it state: "Hamburg, Germany" DE, "Austin, Texas" and
 * "Austin, TX" US. With the gazetteer, a city of the stated state or country decides ("Atlanta, Georgia" is
 * in the US, "Tbilisi, Georgia" in Georgia); `known` then requires it. Without one, a country by name,
 * else a US state; a two-letter code that is both ("CA") is left unread.
 */
function regionCountry(city: string | undefined, region: string, known = false): string | undefined {
  const name = trimEnd(region);
  const state = usStateCode(name);
  const country = countryCode(name);
  const gazetteer = loadedGazetteer();
  const cities = city && gazetteer ? gazetteer.cities(city) : [];
  if (state && cities.some((c) => c.country === 'US' && c.admin === state)) return 'US';
  if (country && cities.some((c) => c.country === country)) return country;
  if (known || (!state && !country)) return undefined;
  if (state && country) return /^[A-Z]{2}$/.test(name) ? undefined : country;
  return country ?? 'US';
}

/** A postal address, or its end: the country (or a US state) is the last part that names one; the city comes before it. */
export function addressPlace(address: string): PlaceStatement | undefined {
  const parts = [...address.matchAll(/[^,]+/g)].map((m) => ({ text: m[0].trim(), end: (m.index ?? 0) + m[0].length }));
  let at = parts.length - 1;
  while (at > 0 && !countryCode(trimEnd(parts[at].text))) at--;
  const country = at > 0 ? countryCode(trimEnd(parts[at].text)) : undefined;
  if (!country) return statePlace(address, parts);
  let city: string | undefined;
  for (let j = at - 1; j >= 0 && j >= at - 2 && !city; j--) {
    city = cityOfPart(parts[j].text);
    // Only a state or province code ("TX", "CA 94107") or a postal code ("D02 X123") may stand between the city and the country.
    if (!city && !/^(?:[A-Z]{2,3}(?: [\dA-Z -]+)?|(?:[\dA-Z-]*\d[\dA-Z-]*\s?)+)$/.test(parts[j].text)) break;
  }
  const quote = trimEnd(address.slice(0, parts[at].end)).trim();
  // "San Francisco, CA" read "CA" as Canada: a city of that US state says otherwise.
  if (at === parts.length - 1 && city && /^[A-Z]{2}$/.test(trimEnd(parts[at].text))) {
    const coded = regionCountry(city, parts[at].text, true);
    if (coded !== country) return coded ? { quote, city, country: coded } : undefined;
  }
  return { quote, city, country };
}

/** "Austin, TX 78701" or "Austin, Texas" ending an address: the US, when the gazetteer has the city in that state. */
function statePlace(address: string, parts: { text: string; end: number }[]): PlaceStatement | undefined {
  const last = parts.length - 1;
  if (last < 1) return undefined;
  // "TX 78701", "Idaho 83702": the state without its ZIP code.
  const state = /^(.+?)(?: \d{5}(?:-\d{4})?)?$/.exec(trimEnd(parts[last].text))?.[1] ?? trimEnd(parts[last].text);
  const city = cityOfPart(parts[last - 1].text);
  if (!city || !usStateCode(state) || regionCountry(city, state, true) !== 'US') return undefined;
  return { quote: trimEnd(address.slice(0, parts[last].end)).trim(), city, country: 'US' };
}

/** Who a sentence may place: the company (we, our team, its legal name, the product's name), not a customer. */
const COMPANY_SUBJECT =
  /^(?:we\b|we['’]re\b|our (?:company|team|studio|office|offices|headquarters|hq|home)\b|the (?:company|team|studio)\b|(?:\p{Lu}[\p{L}\d&.'’-]*\s+){0,3}(?:GmbH|AG|UG|KG|Ltd\.?|Limited|Inc\.?|LLC|LLP|B\.V\.|BV|S\.A\.S?\.?|SAS|SARL|S\.L\.|Lda\.?|AB|ApS|A\/S|AS|Oy|Pty(?: Ltd)?|d\.o\.o\.|s\.r\.o\.|S\.r\.l\.|SRL|SpA|plc|PBC)$)/iu;
/** A sentence that quotes or names someone else (a testimonial, a review). */
const QUOTED = /[“”"«»]|\b(?:says|said|writes|wrote|tells|told|explains|according to)\b/i;
/** Words between the verb and the place that make it someone else's place (customers, events, offices of others). */
const OTHERS =
  /\b(?:customers?|clients?|users?|partners?|resellers?|members?|readers?|events?|conferences?|meetups?|schools?|hospitals?|people in|teams in|companies in|businesses in)\b/i;
const PLACE_WORDS = `(${NAME_WORD}(?: (?:${NAME_WORD}|de|del|la|le|am|an|upon|on|sur)){0,3})`;
/** "Crateforge GmbH is an independent company in Hamburg, Germany", "We are a small team from Utrecht in the Netherlands", "Our office is in Lisbon, Portugal". */
const SUBJECT_IN_PLACE = new RegExp(
  `^(.{1,60}?)\\s+(?:is|are|['’]re|has been|have been)\\b([^.;:!?]{0,80}?)\\b(?:in|from|out of) ${PLACE_WORDS}(?:, | in (?:the )?)${PLACE_WORDS}`,
  'u',
);
/** "founded in 2018 in Austin, Texas", "started in Lisbon, Portugal in 2020", "founded by Ana Ruiz in Porto". */
const FOUNDED_IN_PLACE = new RegExp(
  `\\b(?:[Ff]ounded|[Cc]o-founded|[Ss]tarted|[Ee]stablished|[Ii]ncorporated)(?: (?:it|the company|${NAME_WORD}))?(?: in (?:18|19|20)\\d\\d)?(?: by [^.;:!?]{1,80}?)?(?: in (?:my|our|a|an|the) [\\p{Ll} -]{1,30}?)? in ${PLACE_WORDS}(?:, ${PLACE_WORDS})?`,
  'u',
);

/** Places a sentence states in words only the gazetteer can confirm (see the module comment). */
function gazetteerPlaces(text: string, names: readonly string[]): PlaceStatement[] {
  if (!loadedGazetteer() || QUOTED.test(text)) return [];
  const found: PlaceStatement[] = [];
  const stated = SUBJECT_IN_PLACE.exec(text);
  if (stated && isCompany(stated[1], names) && !OTHERS.test(stated[2])) {
    const [whole, , , cityRaw, regionRaw] = stated;
    const city = cityName(cityRaw);
    const country = city && regionCountry(city, regionRaw, true);
    if (city && country) found.push({ quote: trimEnd(whole), city, country });
  }
  const founded = FOUNDED_IN_PLACE.exec(text);
  if (founded) {
    const [whole, cityRaw, regionRaw] = founded;
    const city = cityName(cityRaw);
    const named = regionRaw ? countryCode(trimEnd(regionRaw)) : undefined;
    // A country named in full after a city the gazetteer does not know at all ("Gothenburg", an English name it lacks):
    // the country is stated, and nothing contradicts the city.
    const unknownCity =
      !!city && !!named && !usStateCode(trimEnd(regionRaw)) && trimEnd(regionRaw).length > 3 && !loadedGazetteer()?.cities(city).length;
    const country = city && regionRaw ? (regionCountry(city, regionRaw, true) ?? (unknownCity ? named : undefined)) : undefined;
    const known = city && (country || (!regionRaw && (loadedGazetteer()?.cities(city).length ?? 0) > 0));
    if (city && known) {
      const end = regionRaw && country ? whole.length : whole.indexOf(cityRaw) + cityRaw.length;
      found.push({ quote: trimEnd(whole.slice(0, end)), city, ...(country ? { country } : {}) });
    }
  }
  return found;
}

/** Whether the words before "is" name the company: we, our team, a legal name, or the product's own name. */
function isCompany(subject: string, names: readonly string[]): boolean {
  const s = subject.trim();
  if (COMPANY_SUBJECT.test(s)) return true;
  return names.some((name) => name && (s === name || s.startsWith(`${name} `)) && s.split(' ').length <= name.split(' ').length + 2);
}

/**
 * Places one sentence or block of text states (see the module comment); `isAddress` reads the whole text as an address;
 * `names` are the product's and company's names, which may be the subject of a sentence placing the company.
 */
export function placesIn(text: string, isAddress = false, names: readonly string[] = []): PlaceStatement[] {
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
  // "Crewdeck Inc. · Raleigh, NC": the company's name, then the place alone, confirmed by the gazetteer.
  const segments = text.split(/\s+[·|•]\s+/);
  if (!found.length && segments.length > 1 && isCompany(segments[0], names)) {
    for (const segment of segments.slice(1)) {
      const parts = /^([^,\d]+), ([^,\d]+)$/.exec(trimEnd(segment));
      const city = parts && cityName(parts[1]);
      const country = city && parts && regionCountry(city, parts[2], true);
      if (city && country) found.push({ quote: trimEnd(text.slice(0, text.indexOf(segment) + trimEnd(segment).length)), city, country });
    }
  }
  if (!found.some((p) => p.city && p.country)) found.push(...gazetteerPlaces(text, names));
  return found.filter((p) => p.city || p.country);
}

/** "based in Lyon, France": a city and a country; "Made in Ljubljana": a city; "Made in Germany": a country; "based in Austin, TX": the US. */
function inPlace(match: RegExpExecArray): PlaceStatement[] {
  const [whole, first, second] = match;
  const firstCountry = countryCode(trimEnd(first));
  if (second) {
    const city = cityName(first);
    const country = regionCountry(city, second);
    if (country) return [{ quote: trimEnd(whole), city, country }];
    // "based in Austin, TX, USA" and the like are read as an address by the caller's other rules.
  }
  if (firstCountry) return [{ quote: trimEnd(whole.slice(0, whole.indexOf(first) + first.length)), country: firstCountry }];
  const city = cityName(first);
  return city ? [{ quote: whole.slice(0, whole.indexOf(first) + first.length), city }] : [];
}
