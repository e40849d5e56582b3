/** Photographs of an end-grain "cookie": the cross-cut round from above, close up, or low and side-on. */
import type { Species } from "../types.ts";
import { backdrop, type Canvas, vignette } from "./canvas.ts";
import { barkSide, type Rings, ringsAt, ringsOutline } from "./end-grain.ts";
import { smoothstep } from "./noise.ts";
import type { Rng } from "./prng.ts";
import { floorFor } from "./species.ts";

export type CookieView = "top" | "detail" | "end";

/**
 * Draws the round. `rings` is the cookie itself (the same in every view); `rng` only places the
 * camera and the floor. `aspect` is width over length, for a round that is slightly oval.
 */
export function renderCookie(
  species: Species,
  rings: Rings,
  view: CookieView,
  aspect: number,
  rng: Rng,
  w: number,
  h: number,
): Canvas {
  const canvas = backdrop(w, h, floorFor(species, rng), rng.int(1, 1e9));
  const small = Math.min(w, h);
  // top: from above; detail: close on the bark and outer rings; end: low, so the side shows.
  const R0 = view === "detail" ? small * 1.15 : small * (view === "end" ? 0.42 : 0.38);
  const squash = (view === "end" ? 0.5 : 1) * aspect;
  const pithX = view === "detail" ? w * 0.12 : w / 2 + rng.range(-0.03, 0.03) * R0;
  const pithY = view === "detail" ? h * 0.18 : h / 2 + rng.range(-0.06, 0.02) * R0;
  const thick = R0 * (view === "end" ? 0.2 : 0.09);
  const ry = R0 * squash;
  const pxN = 1 / ry;
  const { data } = canvas;
  const px = new Float32Array(4);
  const reach = 1.45;
  const y0 = Math.max(0, Math.floor(pithY - reach * ry));
  const y1 = Math.min(h, Math.ceil(pithY + reach * ry + thick));
  const x0 = Math.max(0, Math.floor(pithX - reach * R0));
  const x1 = Math.min(w, Math.ceil(pithX + reach * R0));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 3;
      const dx = (x - pithX) / R0;
      const dy = (y - pithY) / ry;
      const dys = (y - thick - pithY) / ry;
      const rSide = Math.sqrt(dx * dx + dys * dys);
      const aSide = Math.atan2(dys, dx);
      const rbSide = ringsOutline(rings, aSide);
      // The shadow the round casts, offset down and right of its lower outline.
      const sx = dx - 0.08;
      const sy = dys - 0.1;
      const shadowD = Math.sqrt(sx * sx + sy * sy) - ringsOutline(rings, Math.atan2(sy, sx));
      const shade = 1 - 0.55 * (1 - smoothstep(-0.05, 0.2, shadowD));
      let cr = (data[i] ?? 0) * shade;
      let cg = (data[i + 1] ?? 0) * shade;
      let cb = (data[i + 2] ?? 0) * shade;
      const sideCover = dy > 0 ? Math.min(1, Math.max(0, (rbSide - rSide) / pxN + 0.5)) : 0;
      if (sideCover > 0) {
        const c = barkSide(rings, aSide, (y - pithY) / R0);
        cr += (c[0] * 0.7 - cr) * sideCover;
        cg += (c[1] * 0.7 - cg) * sideCover;
        cb += (c[2] * 0.7 - cb) * sideCover;
      }
      ringsAt(rings, dx, dy, pxN, px);
      const cover = px[3] ?? 0;
      if (cover > 0) {
        const light = 1.04 - 0.1 * ((x - pithX + y - pithY) / (R0 * 2));
        cr += ((px[0] ?? 0) * light - cr) * cover;
        cg += ((px[1] ?? 0) * light - cg) * cover;
        cb += ((px[2] ?? 0) * light - cb) * cover;
      }
      data[i] = cr;
      data[i + 1] = cg;
      data[i + 2] = cb;
    }
  }
  vignette(canvas, 0.35);
  return canvas;
}
