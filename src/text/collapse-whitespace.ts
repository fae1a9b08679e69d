/** Every run of whitespace as one space, without leading or trailing space. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
