/** Small text helpers for the demo's generated copy. */
import { FIRST_NAMES, LAST_NAMES } from '../content.js';
import type { Random } from '../random.js';

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const listText = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
/** "connect your apps" -> "connect their apps", for sentences about the audience. */
export const theirs = (s: string) => s.replace(/\byour\b/g, 'their');
const PROPER_NOUNS = new Set(['Figma', 'Chrome', 'Google', 'Slack', 'Zapier', 'Outlook']);
/** Lower-cases a feature's first letter for use inside a sentence, keeping acronyms and names (API, SVG, Figma). */
export const inSentence = (s: string) => {
  const first = s.split(' ')[0];
  return /^[A-Z][A-Za-z]*[A-Z]/.test(first) || PROPER_NOUNS.has(first) ? s : s.charAt(0).toLowerCase() + s.slice(1);
};
export const truncate = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** A demo reviewer's name, a first name and an initial, fixed by their number (no random draw, so nothing else moves). */
export function reviewerName(reviewer: number): string {
  return `${FIRST_NAMES[reviewer % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(reviewer / FIRST_NAMES.length) % LAST_NAMES.length].charAt(0)}.`;
}

export function joinName(root: string, suffix: string): string {
  const vowels = 'aeiou';
  if (vowels.includes(root.slice(-1).toLowerCase()) && vowels.includes(suffix[0])) return root.slice(0, -1) + suffix;
  if (root.slice(-1).toLowerCase() === suffix[0]) return root + suffix.slice(1);
  return root + suffix;
}

export function videoId(r: Random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (let i = 0; i < 11; i++) id += alphabet[r.int(0, alphabet.length - 1)];
  return id;
}
