/**
 * sharp (libvips), imported by the first image decoded or drawn: loading it takes a tenth of a second, and an
 * instance serves its first answers without it.
 */
export const loadSharp = async () => (await import('sharp')).default;
