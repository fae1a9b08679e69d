/** The badge images on offer: every shape comes in every colour mode and size. */
export const BADGE_SHAPES = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const BADGE_MODES = ['light', 'dark', 'auto'] as const;
export const BADGE_SIZES = ['s', 'm', 'l'] as const;

export type BadgeShape = (typeof BADGE_SHAPES)[number];
/** auto follows the viewer's colour scheme (prefers-color-scheme). */
type BadgeMode = (typeof BADGE_MODES)[number];
export type BadgeSize = (typeof BADGE_SIZES)[number];

export interface BadgeVariant {
  shape: BadgeShape;
  mode: BadgeMode;
  size: BadgeSize;
}

/** Drawing size of each shape at size m, in CSS pixels; the SVG's viewBox. */
export const SHAPE_BOX: Record<BadgeShape, { width: number; height: number }> = {
  standard: { width: 250, height: 54 },
  outline: { width: 250, height: 54 },
  pill: { width: 300, height: 36 },
  banner: { width: 420, height: 72 },
  square: { width: 100, height: 100 },
};

const SCALE: Record<BadgeSize, number> = { s: 0.8, m: 1, l: 1.25 };

/** Displayed width and height in CSS pixels. */
export function badgeDimensions(shape: BadgeShape, size: BadgeSize): { width: number; height: number } {
  const box = SHAPE_BOX[shape];
  return { width: Math.round(box.width * SCALE[size]), height: Math.round(box.height * SCALE[size]) };
}

function allBadgeVariants(): BadgeVariant[] {
  return BADGE_SHAPES.flatMap((shape) => BADGE_MODES.flatMap((mode) => BADGE_SIZES.map((size) => ({ shape, mode, size }))));
}

/** The image file name of a variant, e.g. `standard-auto-m`. */
const variantName = ({ shape, mode, size }: BadgeVariant) => `${shape}-${mode}-${size}`;

/** The variant a file name (without .svg) names, or undefined when it names none. */
export function parseVariantName(name: string): BadgeVariant | undefined {
  return allBadgeVariants().find((variant) => variantName(variant) === name);
}

/** Where the service serves a listing's badge image (see src/web/badge-route.ts). */
export const badgeSvgUrl = (publicUrl: string, listingSlug: string, variant: BadgeVariant) =>
  `${publicUrl}/badges/${listingSlug}/${variantName(variant)}.svg`;
