/**
 * sharp (libvips: tens of MB resident once loaded), imported at its first use, so a server that never resizes a
 * picture (no avatar upload, demo media already generated) never loads it.
 */
export const loadSharp = async () => (await import('sharp')).default;
