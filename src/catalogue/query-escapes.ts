/** Text a person typed, made safe to place inside PostgreSQL's query languages. */

/** A LIKE/ILIKE pattern matching any text that contains `text` literally (its % and _ match only themselves). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A tsquery lexeme, quoted and escaped so that no word can inject tsquery syntax. */
export const lexeme = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
