/**
 * Demo wallpapers and the day cover: portrait pictures drawn as SVG (gradients and seeded random shapes) and
 * rendered to JPEG with sharp (libvips + librsvg). No downloads, no fonts needed apart from the Latin title of the
 * day cover (any sans-serif fontconfig finds; without one the text is simply not drawn).
 *
 * A design is chosen per wallpaper name: {@link WALLPAPER_DESIGNS} names the demo feed's wallpapers; any other name
 * gets a pattern and palette derived from its hash, so the feed may add wallpapers freely.
 */

import { createHash } from 'node:crypto';
import { loadSharp } from '../lib/sharp.ts';

/** Full-size wallpaper: 1080×1920 (9:16 portrait, a common phone resolution). */
export const WALLPAPER_SIZE = { width: 1080, height: 1920 } as const;

/** Shape families of the wallpapers. */
export type WallpaperPattern =
  | 'mountains'
  | 'rings'
  | 'bubbles'
  | 'dunes'
  | 'stars'
  | 'triangles'
  | 'stripes'
  | 'waves';

/** A wallpaper recipe: pattern plus palette (CSS hex colours: background top, background bottom, then accents). */
export interface WallpaperDesign {
  pattern: WallpaperPattern;
  colors: string[];
}

const PATTERNS: WallpaperPattern[] = [
  'mountains',
  'rings',
  'bubbles',
  'dunes',
  'stars',
  'triangles',
  'stripes',
  'waves',
];

const PALETTES: string[][] = [
  ['#0b1d3a', '#2a6f97', '#61e8a5', '#b388ff'],
  ['#1a0933', '#ff2e88', '#2ef2ff', '#ffe45e'],
  ['#001b2e', '#005f73', '#94d2bd', '#e9f5f2'],
  ['#ff7b54', '#ffd56b', '#b5523b', '#6b2d1f'],
  ['#03001c', '#301e67', '#ffffff', '#b6eada'],
  ['#22577a', '#38a3a5', '#57cc99', '#c7f9cc'],
  ['#d8f3dc', '#95d5b2', '#52b788', '#2d6a4f'],
  ['#240046', '#7b2cbf', '#e0aaff', '#c77dff'],
];

/** Designs of the demo feed's wallpapers (by `vod_en`), so that e.g. 星夜低语 shows stars. */
export const WALLPAPER_DESIGNS: Record<string, WallpaperDesign> = {
  jiguangshanji: { pattern: 'mountains', colors: ['#050b1f', '#123a5a', '#61e8a5', '#8f7bff'] },
  nihongbowen: { pattern: 'rings', colors: ['#14002b', '#3a0a5c', '#ff2e88', '#2ef2ff'] },
  shenhaiweiguang: { pattern: 'bubbles', colors: ['#01203a', '#000814', '#7fdbff', '#ffffff'] },
  riluoshaqiu: { pattern: 'dunes', colors: ['#ff9a5a', '#ffd98e', '#c8643b', '#7a2e1d'] },
  xingyediyu: { pattern: 'stars', colors: ['#02010f', '#1b1446', '#ffffff', '#9ad1ff'] },
  sanjiaomigong: { pattern: 'triangles', colors: ['#ff6b6b', '#ffd93d', '#6bcB77', '#4d96ff'] },
  bohetiaowen: { pattern: 'stripes', colors: ['#d8f8ee', '#9de7cf', '#5cc9a7', '#ffffff'] },
  ziselianyi: { pattern: 'waves', colors: ['#240046', '#9d4edd', '#e0aaff', '#ffffff'] },
  chenwusenlin: { pattern: 'mountains', colors: ['#dfe9e4', '#a9c5b8', '#2f5d50', '#ffffff'] },
  chengseyuanwu: { pattern: 'rings', colors: ['#ff7e29', '#ffb347', '#fff1d6', '#b83b00'] },
  bingchuanqipao: { pattern: 'bubbles', colors: ['#caf0f8', '#48cae4', '#ffffff', '#0077b6'] },
  haibianhuanghun: { pattern: 'dunes', colors: ['#3d2c8d', '#ff8fab', '#2b2d6e', '#141a46'] },
  yinhezhixin: { pattern: 'stars', colors: ['#000000', '#2b1055', '#ffffff', '#ffc6ff'] },
  jinggejihe: { pattern: 'triangles', colors: ['#0f2027', '#2c5364', '#6dd5ed', '#c2e9fb'] },
  tangguoxiewen: { pattern: 'stripes', colors: ['#ffc8dd', '#bde0fe', '#ffafcc', '#a2d2ff'] },
  liuguangsidai: { pattern: 'waves', colors: ['#0f0c29', '#302b63', '#ffd6a5', '#fdffb6'] },
};

/** The design for a wallpaper name: {@link WALLPAPER_DESIGNS}, else derived from the name's hash. */
export function designFor(name: string): WallpaperDesign {
  const known = WALLPAPER_DESIGNS[name];
  if (known) return known;
  const h = createHash('sha256').update(name).digest();
  return {
    pattern: PATTERNS[(h[0] ?? 0) % PATTERNS.length] ?? 'waves',
    colors: PALETTES[(h[1] ?? 0) % PALETTES.length] ?? PALETTES[0] ?? [],
  };
}

/** Small deterministic PRNG (mulberry32) seeded from a string, so a name always draws the same picture. */
function rng(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear mix of two hex colours (t in [0, 1]) as `rgb(r,g,b)`. */
function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  const c = x.map((v, i) => Math.round(v + ((y[i] ?? 0) - v) * t));
  return `rgb(${c.join(',')})`;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The SVG markup of a design at w×h (background gradient plus the pattern's shapes). */
export function wallpaperSvg(name: string, design: WallpaperDesign, w: number, h: number): string {
  const rand = rng(name);
  const [c0 = '#000000', c1 = '#333333', c2 = '#888888', c3 = '#ffffff'] = design.colors;
  const defs: string[] = [
    `<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${c0}"/>` +
      `<stop offset="1" stop-color="${c1}"/></linearGradient>`,
  ];
  const body: string[] = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  switch (design.pattern) {
    case 'mountains': {
      defs.push(
        `<linearGradient id="glow" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c2}" stop-opacity="0"/>` +
          `<stop offset="0.5" stop-color="${c2}" stop-opacity="0.55"/><stop offset="1" stop-color="${c3}" stop-opacity="0"/></linearGradient>`,
      );
      for (let band = 0; band < 3; band++) {
        const y = h * (0.18 + band * 0.07);
        body.push(
          `<path d="M0 ${r1(y)} C ${r1(w * 0.3)} ${r1(y - 160 * rand())}, ${r1(w * 0.6)} ${r1(y + 200 * rand())}, ${w} ${r1(y - 80)} ` +
            `L ${w} ${r1(y + 120)} C ${r1(w * 0.6)} ${r1(y + 260)}, ${r1(w * 0.3)} ${r1(y + 40)}, 0 ${r1(y + 140)} Z" ` +
            `fill="url(#glow)" opacity="${r1(0.5 + band * 0.15)}"/>`,
        );
      }
      for (let layer = 0; layer < 5; layer++) {
        const base = h * (0.5 + layer * 0.1);
        let d = `M0 ${h} L0 ${r1(base)}`;
        const steps = 8 + layer * 2;
        for (let i = 1; i <= steps; i++) {
          const x = (w * i) / steps;
          const y = base - (0.2 + rand()) * h * (0.12 - layer * 0.015);
          d += ` L${r1(x)} ${r1(y)}`;
        }
        d += ` L${w} ${h} Z`;
        body.push(`<path d="${d}" fill="${mix(c1, c0, 0.35 + layer * 0.16)}"/>`);
      }
      break;
    }
    case 'rings': {
      const cx = w * (0.3 + rand() * 0.4);
      const cy = h * (0.3 + rand() * 0.4);
      for (let i = 40; i >= 1; i--) {
        const r = i * 52;
        body.push(
          `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r}" fill="none" stroke="${i % 2 ? c2 : c3}" ` +
            `stroke-width="${r1(6 + rand() * 16)}" opacity="${r1(0.15 + (1 - i / 40) * 0.75)}"/>`,
        );
      }
      break;
    }
    case 'bubbles': {
      defs.push(
        `<radialGradient id="bub" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="${c3}" stop-opacity="0.9"/>` +
          `<stop offset="0.6" stop-color="${c2}" stop-opacity="0.25"/><stop offset="1" stop-color="${c2}" stop-opacity="0.05"/></radialGradient>`,
      );
      for (let i = 0; i < 70; i++) {
        const r = 8 + rand() ** 2 * 120;
        body.push(
          `<circle cx="${r1(rand() * w)}" cy="${r1(rand() * h)}" r="${r1(r)}" fill="url(#bub)" ` +
            `stroke="${c3}" stroke-opacity="0.35" stroke-width="2"/>`,
        );
      }
      break;
    }
    case 'dunes': {
      body.push(
        `<circle cx="${r1(w * (0.3 + rand() * 0.4))}" cy="${r1(h * 0.33)}" r="190" fill="${mix(c1, '#ffffff', 0.55)}" opacity="0.9"/>`,
      );
      body.push(
        `<circle cx="${r1(w * 0.5)}" cy="${r1(h * 0.33)}" r="260" fill="${mix(c1, '#ffffff', 0.55)}" opacity="0.15"/>`,
      );
      for (let layer = 0; layer < 5; layer++) {
        const y = h * (0.45 + layer * 0.11);
        const a = 60 + rand() * 90;
        body.push(
          `<path d="M0 ${r1(y)} C ${r1(w * 0.25)} ${r1(y - a)}, ${r1(w * 0.55)} ${r1(y + a)}, ${w} ${r1(y - a / 2)} L${w} ${h} L0 ${h} Z" ` +
            `fill="${mix(c2, c3, layer / 4)}" opacity="0.92"/>`,
        );
      }
      break;
    }
    case 'stars': {
      defs.push(
        `<radialGradient id="band" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${c3}" stop-opacity="0.45"/>` +
          `<stop offset="1" stop-color="${c3}" stop-opacity="0"/></radialGradient>`,
      );
      body.push(
        `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${r1(w * 0.9)}" ry="260" fill="url(#band)" ` +
          `transform="rotate(${r1(-60 + rand() * 30)} ${w / 2} ${h / 2})"/>`,
      );
      for (let i = 0; i < 420; i++) {
        const big = rand() > 0.95;
        body.push(
          `<circle cx="${r1(rand() * w)}" cy="${r1(rand() * h)}" r="${r1(big ? 3 + rand() * 3 : 0.8 + rand() * 1.8)}" ` +
            `fill="${rand() > 0.8 ? c3 : c2}" opacity="${r1(0.35 + rand() * 0.65)}"/>`,
        );
      }
      break;
    }
    case 'triangles': {
      const cols = 6;
      const size = w / cols;
      const rows = Math.ceil(h / size);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const x = c * size;
          const y = r * size;
          const t = (r / rows + c / cols) / 2;
          const up = `${r1(x)},${r1(y + size)} ${r1(x + size)},${r1(y + size)} ${r1(x + size / 2)},${r1(y)}`;
          const dn = `${r1(x)},${r1(y)} ${r1(x + size)},${r1(y)} ${r1(x + size / 2)},${r1(y + size)}`;
          body.push(`<polygon points="${up}" fill="${mix(c0, c2, t + rand() * 0.2)}"/>`);
          body.push(`<polygon points="${dn}" fill="${mix(c1, c3, t + rand() * 0.2)}" opacity="0.85"/>`);
        }
      }
      break;
    }
    case 'stripes': {
      const stripe = 70 + Math.round(rand() * 40);
      const n = Math.ceil((w + h) / stripe) + 2;
      const parts: string[] = [];
      for (let i = 0; i < n; i++) {
        parts.push(
          `<rect x="${i * stripe * 2 - h}" y="-${h}" width="${stripe}" height="${h * 3}" ` +
            `fill="${i % 2 ? c2 : c3}" opacity="${r1(0.55 + rand() * 0.4)}"/>`,
        );
      }
      body.push(`<g transform="rotate(30 ${w / 2} ${h / 2})">${parts.join('')}</g>`);
      break;
    }
    case 'waves': {
      for (let i = 0; i < 18; i++) {
        const y = h * (0.1 + i * 0.048);
        const a = 80 + rand() * 160;
        body.push(
          `<path d="M-20 ${r1(y)} C ${r1(w * 0.3)} ${r1(y - a)}, ${r1(w * 0.7)} ${r1(y + a)}, ${w + 20} ${r1(y - a / 3)}" ` +
            `fill="none" stroke="${mix(c2, c3, i / 17)}" stroke-width="${r1(3 + rand() * 10)}" ` +
            `opacity="${r1(0.35 + rand() * 0.6)}" stroke-linecap="round"/>`,
        );
      }
      break;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

/**
 * Render a wallpaper to a JPEG file (quality 85, progressive) at {@link WALLPAPER_SIZE} or the given size.
 *
 * @param name seeds the design ({@link designFor}) and its random shapes.
 * @throws when sharp cannot render or write (e.g. the directory does not exist).
 */
export async function renderWallpaper(
  name: string,
  outFile: string,
  size: { width: number; height: number } = WALLPAPER_SIZE,
): Promise<void> {
  const svg = wallpaperSvg(name, designFor(name), size.width, size.height);
  await (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 85, progressive: true, mozjpeg: false }).toFile(outFile);
}

/**
 * The demo day cover's SVG (spec §7 getDayCover): a 1080×1920 night sky over mountains. No words: the app is shown in
 * nine languages, and a picture cannot follow the viewer's.
 */
export function dayCoverSvg(): string {
  const { width: w, height: h } = WALLPAPER_SIZE;
  return wallpaperSvg(
    'day-cover',
    { pattern: 'mountains', colors: ['#0a0f2c', '#3b2f63', '#ffb86b', '#ff6b9a'] },
    w,
    h,
  );
}

/** Render the demo day cover ({@link dayCoverSvg}) to a JPEG. */
export async function renderDayCover(outFile: string): Promise<void> {
  const svg = dayCoverSvg();
  await (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 85, progressive: true }).toFile(outFile);
}
