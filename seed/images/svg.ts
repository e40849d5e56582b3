/** Building SVG documents: shared defs, faces with flat or textured fills, turned solids, soft shadows. */
import type { Rgb } from "./color.ts";
import { type Camera, type Face, lightOn, type Pose, place, pointsAttr, shadeHex, type Vec3 } from "./geom.ts";
import { type Material, TILE_H, TILE_W, woodTile } from "./materials.ts";
import { WOOD } from "./species.ts";

export class Svg {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  private next = 0;
  private readonly images = new Map<string, string>();

  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  id(prefix: string): string {
    this.next++;
    return `${prefix}${this.next}`;
  }

  add(s: string): void {
    this.body.push(s);
  }

  /** Kept for callers that prepare materials up front; tiles are also added on first use. */
  async load(mats: Material[]): Promise<void> {
    for (const m of mats) if (m.kind === "wood") this.imageId(m);
  }

  imageId(m: Extract<Material, { kind: "wood" }>): string {
    const key = `${m.species}:${m.tone}`;
    let id = this.images.get(key);
    if (!id) {
      id = this.id("img");
      this.defs.push(`<image id="${id}" width="${TILE_W}" height="${TILE_H}" href="${woodTile(m.species, m.tone)}"/>`);
      this.images.set(key, id);
    }
    return id;
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }

  buffer(): Buffer {
    return Buffer.from(this.toString());
  }

  linear(stops: [number, string, number?][], x1: number, y1: number, x2: number, y2: number, user = false): string {
    const id = this.id("g");
    const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
    const s = stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
      .join("");
    this.defs.push(
      `<linearGradient id="${id}"${units} x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${s}</linearGradient>`,
    );
    return id;
  }

  radial(stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("r");
    const s = stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
      .join("");
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`);
    return id;
  }

  /** A pattern of the material's grain laid along world direction `along` starting at `origin`. */
  woodPattern(
    cam: Camera,
    m: Extract<Material, { kind: "wood" }>,
    origin: Vec3,
    along: Vec3,
    across: Vec3,
    inchPerPx = 0.088,
  ): string {
    const id = this.id("p");
    const [e, ff] = cam.project(origin);
    const [a, b] = cam.dir(along);
    const [c, d] = cam.dir(across);
    const k = inchPerPx;
    const t = [a * k, b * k, c * k, d * k, e, ff].map(f).join(" ");
    this.defs.push(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${TILE_W}" height="${TILE_H}" patternTransform="matrix(${t})"><use href="#${this.imageId(m)}"/></pattern>`,
    );
    return id;
  }
}

export function f(v: number): string {
  return v.toFixed(2);
}

/** Draws faces back to front, culling those turned away from the camera. */
export function drawFaces(svg: Svg, cam: Camera, faces: Face[]): void {
  const visible = faces
    .filter((fc) => cam.facing(fc.n) > 0.02)
    .map((fc) => ({ fc, d: fc.pts.reduce((s, p) => s + cam.depth(p), 0) / fc.pts.length }))
    .sort((a, b) => a.d - b.d);
  for (const { fc } of visible) drawFace(svg, cam, fc);
}

export function drawFace(svg: Svg, cam: Camera, fc: Face): void {
  const pts = pointsAttr(cam, fc.pts);
  const k = lightOn(fc.n);
  const m = fc.mat;
  if (m.kind === "wood") {
    const p0 = fc.pts[0] ?? [0, 0, 0];
    const p1 = fc.pts[1] ?? p0;
    const p3 = fc.pts[3] ?? p0;
    let e1: Vec3 = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
    let e2: Vec3 = [p3[0] - p0[0], p3[1] - p0[1], p3[2] - p0[2]];
    if (Math.hypot(...e2) > Math.hypot(...e1)) [e1, e2] = [e2, e1];
    const pid = svg.woodPattern(cam, m, p0, unit(e1), unit(e2));
    svg.add(`<polygon points="${pts}" fill="url(#${pid})"/>`);
    const shade =
      k < 1 ? `fill="#000" fill-opacity="${f((1 - k) * 0.9)}"` : `fill="#fff6e6" fill-opacity="${f((k - 1) * 0.5)}"`;
    svg.add(`<polygon points="${pts}" ${shade} stroke="#000" stroke-opacity="0.12" stroke-width="0.6"/>`);
    return;
  }
  if (m.kind === "flat") {
    svg.add(`<polygon points="${pts}" fill="${shadeHex(m.color, k)}"/>`);
    return;
  }
  const a = cam.project(fc.pts[0] ?? [0, 0, 0]);
  const c = cam.project(fc.pts[2] ?? [0, 0, 0]);
  const lo = shadeHex(m.color, k * (1 - m.gloss * 0.25));
  const hi = shadeHex(m.color, k * (1 + m.gloss * 0.45));
  const gid = svg.linear(
    [
      [0, hi],
      [0.55, lo],
      [1, shadeHex(m.color, k * 0.85)],
    ],
    a[0],
    a[1],
    c[0],
    c[1],
    true,
  );
  svg.add(`<polygon points="${pts}" fill="url(#${gid})" stroke="${shadeHex(m.color, k * 0.7)}" stroke-width="0.6"/>`);
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/**
 * A solid of revolution about a vertical axis (pedestals, tulip bases, bowls, round seats): drawn
 * as a stack of frustums from the bottom up, each with a horizontal gradient for roundness; a
 * frustum that faces upward more than sideways (the top of a pedestal's foot) is lit as a top.
 * Profile: [y, radius] pairs from bottom to top.
 */
export function drawTurned(
  svg: Svg,
  cam: Camera,
  pose: Pose,
  profile: [number, number][],
  mat: Material,
  capTop = true,
): void {
  const base: Rgb = m0(mat);
  const rmax = Math.max(...profile.map(([, r]) => r)) * cam.scale;
  const [ax] = cam.project(place([0, 0, 0], pose));
  const across = (stops: [number, string][]): string => svg.linear(stops, ax - rmax, 0, ax + rmax, 0, true);
  const fill =
    mat.kind === "wood"
      ? null
      : across([
          [0, shadeHex(base, 0.45)],
          [0.28, shadeHex(base, 1.15)],
          [0.55, shadeHex(base, 0.9)],
          [1, shadeHex(base, 0.4)],
        ]);
  // Roundness for wood is a grey ramp multiplied over the grain, not a second wood colour.
  const ramp =
    mat.kind === "wood"
      ? across([
          [0, "#6e6e6e"],
          [0.3, "#ffffff"],
          [0.6, "#d6d6d6"],
          [1, "#606060"],
        ])
      : null;
  const first = profile[0] ?? [0, 0];
  const grain =
    mat.kind === "wood" ? svg.woodPattern(cam, mat, place([0, first[0], 0], pose), [0, 1, 0], [1, 0, 0], 0.04) : null;
  const ellipseAt = (y: number, r: number): [number, number, number, number] => {
    const [cx, cy] = cam.project(place([0, y, 0], pose));
    return [cx, cy, r * cam.scale, r * cam.scale * cam.sin];
  };
  for (let i = 0; i + 1 < profile.length; i++) {
    const [y0, r0] = profile[i] ?? [0, 0];
    const [y1, r1] = profile[i + 1] ?? [0, 0];
    const [bx, by, brx, bry] = ellipseAt(y0, r0);
    const [tx, ty, trx, try_] = ellipseAt(y1, r1);
    const d =
      `M${f(bx - brx)},${f(by)} L${f(tx - trx)},${f(ty)} ` +
      `A${f(Math.max(trx, 0.01))},${f(Math.max(try_, 0.01))} 0 0 1 ${f(tx + trx)},${f(ty)} ` +
      `L${f(bx + brx)},${f(by)} A${f(Math.max(brx, 0.01))},${f(Math.max(bry, 0.01))} 0 0 1 ${f(bx - brx)},${f(by)} Z`;
    const top = r0 - r1 > (y1 - y0) * 1.5;
    if (grain && ramp) {
      svg.add(`<path d="${d}" fill="url(#${grain})"/>`);
      svg.add(`<path d="${d}" fill="url(#${ramp})" style="mix-blend-mode:multiply"/>`);
      if (top) svg.add(`<path d="${d}" fill="#fff6e6" fill-opacity="0.12"/>`);
    } else {
      svg.add(`<path d="${d}" fill="${top ? shadeHex(base, 1.05) : `url(#${fill})`}"/>`);
    }
  }
  const last = profile[profile.length - 1] ?? first;
  if (capTop && last[1] * cam.scale > 0.5) {
    const [tx, ty, rx, ry] = ellipseAt(last[0], last[1]);
    svg.add(`<ellipse cx="${f(tx)}" cy="${f(ty)}" rx="${f(rx)}" ry="${f(ry)}" fill="${shadeHex(base, 1.05)}"/>`);
  }
}

function m0(m: Material): Rgb {
  if (m.kind === "wood") return m.tone < 0.5 ? [40, 36, 33] : WOOD[m.species].early;
  return m.color;
}

/** A soft elliptical shadow drawn with a radial gradient: librsvg's blur filter is far too slow. */
export function softShadow(
  svg: Svg,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity: number,
  softness = 0.5,
): void {
  const core = Math.max(0, Math.min(0.9, 1 - softness));
  const g = svg.radial([
    [0, "#1a140f", opacity],
    [core * 0.7, "#1a140f", opacity * 0.85],
    [1, "#1a140f", 0],
  ]);
  svg.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${g})"/>`);
}
