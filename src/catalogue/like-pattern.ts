/** A LIKE/ILIKE pattern matching any text that contains `text` literally (its % and _ match only themselves). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
