/** Text set in SVG, and whether this machine can set it at all. */
import sharp from "sharp";

let probe: Promise<boolean> | null = null;

/**
 * True when librsvg finds a font for `serif` here. Without one, text would silently vanish (or
 * draw as boxes), so pages are laid out without it instead.
 */
export function fontsRender(): Promise<boolean> {
  if (!probe) {
    probe = (async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#fff"/><text x="6" y="44" font-family="serif" font-size="40" fill="#000">Hg</text></svg>`;
      try {
        const stats = await sharp(Buffer.from(svg)).stats();
        const mean = stats.channels[0]?.mean ?? 255;
        return mean < 235 && mean > 60;
      } catch {
        return false;
      }
    })();
  }
  return probe;
}

export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export type TextOpts = {
  size: number;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  italic?: boolean;
  spacing?: number;
  weight?: number;
  family?: string;
};

export function text(x: number, y: number, s: string, o: TextOpts): string {
  const attrs = [
    `x="${x.toFixed(1)}"`,
    `y="${y.toFixed(1)}"`,
    `font-family="${o.family ?? "serif"}"`,
    `font-size="${o.size}"`,
    `fill="${o.fill ?? "#2a2420"}"`,
    `text-anchor="${o.anchor ?? "start"}"`,
  ];
  if (o.italic) attrs.push('font-style="italic"');
  if (o.spacing) attrs.push(`letter-spacing="${o.spacing}"`);
  if (o.weight) attrs.push(`font-weight="${o.weight}"`);
  return `<text ${attrs.join(" ")}>${esc(s)}</text>`;
}

/** Greedy line breaking by an average glyph width; good enough for short captions in one face. */
export function wrap(s: string, size: number, width: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (size * 0.5)));
  const lines: string[] = [];
  let line = "";
  for (const word of s.split(/\s+/)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
