/**
 * Small product illustrations as SVG, generated at seed time (no network, no binary assets):
 * a coloured background and a simple flat drawing per kind of product, no text, no script.
 */

/** What the illustration shows. */
export type IllustrationKind = 'bag' | 'tin' | 'mug' | 'kettle' | 'gift';

export interface IllustrationOptions {
  kind: IllustrationKind;
  /** Base hue in degrees (0–359). */
  hue: number;
  /** Saturation of the main colour, in percent. */
  saturation: number;
  /** The alternate view: mirrored, with a differently placed backdrop. */
  variant: 0 | 1;
}

/** Width and height of every generated illustration, in CSS pixels. */
export const ILLUSTRATION_SIZE = 800;

interface Palette {
  background: string;
  backdrop: string;
  main: string;
  dark: string;
  light: string;
}

function palette(hue: number, saturation: number): Palette {
  const h = ((Math.round(hue) % 360) + 360) % 360;
  const s = Math.max(20, Math.min(80, Math.round(saturation)));
  return {
    background: `hsl(${h} 40% 96%)`,
    backdrop: `hsl(${h} 45% 88%)`,
    main: `hsl(${h} ${s}% 45%)`,
    dark: `hsl(${h} ${s}% 28%)`,
    light: `hsl(${h} 60% 90%)`,
  };
}

function drawing(kind: IllustrationKind, c: Palette): string {
  switch (kind) {
    case 'bag':
      return (
        `<path d="M260 250h280l30 400H230z" fill="${c.main}"/>` +
        `<path d="M260 250l20-50h240l20 50z" fill="${c.dark}"/>` +
        `<rect x="320" y="380" width="160" height="160" rx="16" fill="${c.light}"/>` +
        `<ellipse cx="400" cy="460" rx="36" ry="52" fill="${c.dark}"/>` +
        `<path d="M400 412c-18 30 18 66 0 96" stroke="${c.light}" stroke-width="8" fill="none"/>`
      );
    case 'tin':
      return (
        `<rect x="280" y="300" width="240" height="330" rx="20" fill="${c.main}"/>` +
        `<rect x="266" y="260" width="268" height="60" rx="14" fill="${c.dark}"/>` +
        `<path d="M400 380c70 10 90 80 40 130-60-5-90-70-40-130z" fill="${c.light}"/>` +
        `<path d="M404 396c2 40 12 80 36 114" stroke="${c.dark}" stroke-width="6" fill="none"/>`
      );
    case 'mug':
      return (
        `<path d="M250 330h260v220a70 70 0 0 1-70 70H320a70 70 0 0 1-70-70z" fill="${c.main}"/>` +
        `<path d="M510 380h30a55 55 0 0 1 0 110h-30" stroke="${c.main}" stroke-width="34" fill="none"/>` +
        `<ellipse cx="380" cy="330" rx="130" ry="22" fill="${c.dark}"/>` +
        `<path d="M330 280c-20-30 20-50 0-80M390 280c-20-30 20-50 0-80M450 280c-20-30 20-50 0-80" ` +
        `stroke="${c.backdrop}" stroke-width="12" stroke-linecap="round" fill="none"/>`
      );
    case 'kettle':
      return (
        `<path d="M270 620h300l-30-230H300z" fill="${c.main}"/>` +
        `<path d="M300 392c0-70 240-70 240 0z" fill="${c.dark}"/>` +
        `<circle cx="420" cy="320" r="18" fill="${c.dark}"/>` +
        `<path d="M292 560c-60-20-90-120-112-190" stroke="${c.main}" stroke-width="22" stroke-linecap="round" fill="none"/>` +
        `<path d="M548 430c70 0 70 150 0 150" stroke="${c.dark}" stroke-width="26" fill="none"/>`
      );
    case 'gift':
      return (
        `<rect x="240" y="360" width="320" height="260" rx="12" fill="${c.main}"/>` +
        `<rect x="220" y="300" width="360" height="80" rx="12" fill="${c.dark}"/>` +
        `<rect x="380" y="300" width="40" height="320" fill="${c.light}"/>` +
        `<path d="M400 300c-60-90-150-40-90 0zM400 300c60-90 150-40 90 0z" fill="${c.light}"/>`
      );
  }
}

/** Renders one illustration as a standalone SVG document (UTF-8, a few hundred bytes to ~1.5 kB). */
export function renderIllustration(options: IllustrationOptions): string {
  const c = palette(options.hue, options.saturation);
  const size = ILLUSTRATION_SIZE;
  const backdrop =
    options.variant === 0
      ? `<circle cx="400" cy="420" r="300" fill="${c.backdrop}"/>`
      : `<rect x="120" y="140" width="560" height="560" rx="120" fill="${c.backdrop}"/>`;
  const art = drawing(options.kind, c);
  const body = options.variant === 0 ? art : `<g transform="matrix(-1 0 0 1 800 0)">${art}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${c.background}"/>${backdrop}${body}</svg>\n`
  );
}
