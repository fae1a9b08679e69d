import unhomoglyph from 'unhomoglyph';

/**
 * Unicode TR39 (Unicode Security Mechanisms, section 4) skeletons: two strings that look alike have the same skeleton.
 * skeleton(X) = NFD(map(NFD(X))), where map replaces each character by its prototype in Unicode's confusables.txt
 * (the mapping of the unhomoglyph package, generated from that file): Cyrillic "А" and Greek "Α" become Latin "A",
 * "m" becomes "rn", "0" becomes "O". A skeleton is for comparing, never for showing.
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** Full case folding as far as JavaScript offers it: upper then lower case, so "ß" folds with "SS" and "ς" with "Σ". */
const caseFold = (text: string) => text.toUpperCase().toLowerCase();

/**
 * What two names are compared by: the skeleton, case-folded, mapped and folded again (a folded letter can have a
 * prototype of its own), with "i" as "l" and runs of white space as one space. The skeleton comes first so that
 * capitals that look alike match ("М" Cyrillic and "M"; "I" and "l", which folding would part), "i" as "l" so that
 * folding keeps them matched ("ALICE", "AIice" and "Alice"). Names that look alike, in any case, have the same key:
 * "Alice", "ALICE", "Аlice" (Cyrillic А) and "A1ice" do; "Анна" (Cyrillic) and "Anna" do not.
 */
export function confusableKey(text: string): string {
  return caseFold(skeleton(caseFold(skeleton(text))))
    .replaceAll('i', 'l')
    .replace(/\s+/gu, ' ')
    .trim();
}
