import { withoutControls } from './control-characters.js';

/**
 * Names (a person's display name, a listing's name, a founder's name) show who or what something is, so nothing in one
 * may be unseen. Stripped from names, by Unicode property: control characters, format characters (U+00AD SOFT HYPHEN,
 * U+FFF9 INTERLINEAR ANNOTATION ANCHOR, tag characters U+E0000-E007F) and default-ignorable code points (U+034F
 * COMBINING GRAPHEME JOINER, the Hangul fillers, variation selectors out of place). Kept where they are part of what is
 * seen: a zero-width joiner between two emoji (a family, a profession), a zero-width joiner or non-joiner between two
 * letters of a script that needs one (Persian, Indic scripts), a variation selector after a visible character (❤️). Comments and reviews keep
 * theirs: this is for names only.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A person's name (a public display name, a founder's name) as it is stored: control characters removed
 * (withoutControls), a NUL, line breaks and runs of white space as one space (a name is one line), unseen characters
 * stripped (stripUnseenFromName), no space around it. Whether anything visible is left is hasVisibleCharacter's question.
 */
export function cleanName(typed: string): string {
  return stripUnseenFromName(withoutControls(typed).replace(/[\s\u0000]+/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

// Sticky (y): each is tried at exactly the offset of the character in question (matchesAt).
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/uy;
// Scripts whose words join or part by them; never Latin, Greek or Cyrillic, where one only hides a difference.
const LETTER_JOINER = /(?<=(?![\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}])\p{L}\p{M}*)[\u200C\u200D](?=\p{L})/uy;
const VARIATION_SELECTOR = /(?<=[^\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}])[\uFE00-\uFE0F]/uy;

/** The name without its unseen characters, those that are part of an emoji or a word kept. */
export function stripUnseenFromName(name: string): string {
  return name.replace(UNSEEN, (char, offset: number, whole: string) => (kept(char, offset, whole) ? char : ''));
}

function kept(char: string, offset: number, whole: string): boolean {
  if (char === '\u200C' || char === '\u200D') {
    return matchesAt(EMOJI_JOINER, whole, offset) || matchesAt(LETTER_JOINER, whole, offset);
  }
  if (char >= '\uFE00' && char <= '\uFE0F') return matchesAt(VARIATION_SELECTOR, whole, offset);
  return false;
}

/** Whether the sticky pattern (which matches one code unit) matches at exactly that offset. */
function matchesAt(sticky: RegExp, text: string, offset: number): boolean {
  sticky.lastIndex = offset;
  return sticky.test(text);
}

/**
 * Whether something in the name can be seen: a character other than white space, unseen characters, combining marks
 * and blanks that are drawn as nothing (U+2800 BRAILLE PATTERN BLANK, the Hangul fillers).
 */
export function hasVisibleCharacter(name: string): boolean {
  return /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800\u3164\u115F\u1160\uFFA0]/u.test(name);
}
