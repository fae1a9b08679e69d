/** A URL slug: lower-case ASCII letters and digits joined by hyphens, accents folded, at most 200 characters. */
export function slugify(text: string, fallback = 'product'): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200)
      .replace(/-+$/, '') || fallback
  );
}
