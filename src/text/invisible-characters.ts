import { withoutControls } from './control-characters.js';

/**
 * Characters that change how text looks without being seen: bidirectional embeddings, overrides and isolates (so
 * that "\u202eppA lanimreT" shows as "Terminal App"), directional marks, and zero-width characters. Names, taglines,
 * display names and what people write lose them before they are stored: stripped, not refused, because a pasted name
 * often carries one by accident and what is left is what the person meant to show.
 */
const INVISIBLE = /[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/g;

/**
 * The text without bidirectional controls and zero-width characters, and without control characters other than tab and
 * line feed (withoutControls: what the domain stores from a page's form meets the same rule as a tool's input).
 */
export function stripInvisible(text: string): string {
  return withoutControls(text).replace(INVISIBLE, '');
}

/** Whether the text holds any of them. */
export function hasInvisible(text: string): boolean {
  return text.search(INVISIBLE) !== -1 || withoutControls(text) !== text;
}
