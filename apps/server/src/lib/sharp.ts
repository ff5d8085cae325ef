/**
 * sharp (libvips: tens of MB resident once loaded), imported at its first use, so a server that never resizes a
 * picture (no avatar upload, demo media already generated) never loads it. Its operation cache is turned off and its
 * threads kept to one: the server draws a few small pictures (avatars, the demo's wallpapers and ad, posters), and
 * libvips' default cache (50 MB, 100 files) and a thread per core stay resident for the process's whole life.
 */
type SharpModule = typeof import('sharp');
let loaded: Promise<SharpModule['default']> | undefined;

export const loadSharp = async (): Promise<SharpModule['default']> => {
  loaded ??= import('sharp').then((m) => {
    m.default.cache(false);
    m.default.concurrency(1);
    return m.default;
  });
  return loaded;
};
