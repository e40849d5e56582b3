/** Colour helpers. Colours are [r, g, b] in 0..255 sRGB, which is close enough for art mixing. */
export type Rgb = readonly [number, number, number];

export function hex(h: string): Rgb {
  const s = h.replace("#", "");
  return [parseInt(s.slice(0, 2), 16), parseInt(s.slice(2, 4), 16), parseInt(s.slice(4, 6), 16)];
}

export function toHex(c: Rgb): string {
  return `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scale(c: Rgb, k: number): Rgb {
  return [c[0] * k, c[1] * k, c[2] * k];
}

/** Shade towards black (k < 1) or white (k > 1) without shifting hue much. */
export function shade(c: Rgb, k: number): Rgb {
  return k <= 1 ? scale(c, k) : mix(c, [255, 255, 255], Math.min(1, k - 1));
}

export function luma(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
