/**
 * The demo studio's pictures not drawn yet. A first start serves before its pictures are drawn
 * (server/images/image-work.ts draws them in a process of its own, first screens first); until a
 * picture is stored, its address answers a placeholder in the piece's own colour (an SVG, never
 * cached), not a 404 nor a broken image, and pages carry a small script that asks again for the
 * pictures that came as placeholders (app/lib/undrawn-script.server.ts).
 */

/** Server-Timing name a placeholder answer carries, which the page's script looks for. */
export const UNDRAWN_TIMING = "undrawn";

export class Undrawn {
  /** Store key (`images/slabs/x.jpg`) to its colour (`#rrggbb`). */
  private readonly colours = new Map<string, string>();

  /** Pictures still to be drawn. */
  get size(): number {
    return this.colours.size;
  }

  add(key: string, colour: string) {
    this.colours.set(key, colour);
  }

  /** The picture is stored: its address answers the picture from now on. */
  drawn(key: string) {
    this.colours.delete(key);
  }

  clear() {
    this.colours.clear();
  }

  /** The placeholder's colour of a picture still to be drawn, or null. */
  colourOf(key: string): string | null {
    return this.colours.get(key) ?? null;
  }
}

/**
 * A placeholder: a box of one colour that fills whatever frame the page gives it (the picture's
 * `object-fit` covers it), with headers that keep it out of every cache.
 */
export function placeholderAnswer(colour: string, extraHeaders: Record<string, string> = {}): Response {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3" viewBox="0 0 4 3" preserveAspectRatio="none"><rect width="4" height="3" fill="${colour}"/></svg>`;
  return new Response(svg, {
    status: 200,
    headers: {
      ...extraHeaders,
      "content-type": "image/svg+xml",
      "cache-control": "no-store",
      "server-timing": UNDRAWN_TIMING,
    },
  });
}
