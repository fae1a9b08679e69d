/**
 * The values the directory uses for a listing's stage and pricing model: search filters on them and the
 * pages show them. Other text is kept as typed (the spec allows it), but only these filter and compare well.
 */
export const LISTING_STAGES = ['idea', 'mvp', 'beta', 'launched', 'growth'] as const;
export const PRICING_MODELS = ['free', 'freemium', 'subscription', 'paid', 'open-source'] as const;

/** The directory's own spelling of a value typed in another case ("Growth" → "growth"); other text as given. */
export function directorySpelling(value: string, known: readonly string[]): string {
  const lowered = value.trim().toLowerCase();
  return known.find((term) => term === lowered) ?? value;
}
