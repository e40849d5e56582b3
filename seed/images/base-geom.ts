/** Table bases in each style, as geometry under a top of a given size (inches). */
import type { BaseStyle } from "../types.ts";
import { type FrameOptions, frameFaces, isFrameStyle } from "./base-frames.ts";
import { beam, box, type Camera, type Face, type Pose, place, type Vec3 } from "./geom.ts";
import type { Material } from "./materials.ts";
import { drawFace, drawTurned, type Svg } from "./svg.ts";

/** Something to draw, with a depth so parts can be painted back to front. */
export type Part = { depth: (cam: Camera) => number; draw: (svg: Svg, cam: Camera) => void; pts: Vec3[] };

export function faceParts(faces: Face[]): Part[] {
  return faces.map((fc) => ({
    pts: fc.pts,
    depth: (cam) => fc.pts.reduce((s, p) => s + cam.depth(p), 0) / fc.pts.length + (cam.facing(fc.n) > 0.02 ? 0 : -1e6),
    draw: (svg, cam) => {
      if (cam.facing(fc.n) > 0.02) drawFace(svg, cam, fc);
    },
  }));
}

export function turnedPart(pose: Pose, profile: [number, number][], mat: Material, capTop = true): Part {
  const ys = profile.map(([y]) => y);
  const rmax = Math.max(...profile.map(([, r]) => r));
  const pts: Vec3[] = [];
  for (const y of [Math.min(...ys), Math.max(...ys)]) {
    for (const [x, z] of [
      [-rmax, 0],
      [rmax, 0],
      [0, rmax],
      [0, -rmax],
    ] as const)
      pts.push(place([x, y, z], pose));
  }
  return {
    pts,
    depth: (cam) => cam.depth(place([0, (Math.min(...ys) + Math.max(...ys)) / 2, 0], pose)),
    draw: (svg, cam) => drawTurned(svg, cam, pose, profile, mat, capTop),
  };
}

export type BaseSize = { length: number; depth: number; height: number };

/** Draws parts back to front. */
export function drawParts(svg: Svg, cam: Camera, parts: Part[]): void {
  const sorted = parts.map((p) => ({ p, d: p.depth(cam) })).sort((a, b) => a.d - b.d);
  for (const { p } of sorted) p.draw(svg, cam);
}

export function baseParts(
  style: BaseStyle,
  mat: Material,
  size: BaseSize,
  pose: Pose,
  round = false,
  opts: FrameOptions = { wood: mat },
): Part[] {
  if (isFrameStyle(style)) return faceParts(frameFaces(style, mat, size, pose, round, opts));
  const { length, depth, height: hgt } = size;
  const metal = mat.kind === "metal";
  const t = metal ? 1.6 : 2.6;
  const hx = Math.max(4, length / 2 - (round ? length * 0.3 : Math.min(10, length * 0.12)));
  const hz = (depth / 2) * (round ? 0.5 : 0.82);
  const faces: Face[] = [];
  const parts: Part[] = [];
  const b = (a: Vec3, c: Vec3, s = t, s2 = s): void => {
    faces.push(...beam(a, c, s, mat, pose, s2));
  };
  const ends = round || hx < 6 ? [0] : [-hx, hx];
  switch (style) {
    case "trapezoid":
      for (const x of ends) {
        b([x, hgt - t / 2, -hz * 0.7], [x, hgt - t / 2, hz * 0.7]);
        b([x, t / 2, -hz], [x, t / 2, hz]);
        b([x, t / 2, -hz], [x, hgt - t / 2, -hz * 0.7]);
        b([x, t / 2, hz], [x, hgt - t / 2, hz * 0.7]);
      }
      break;
    case "u-frame":
      for (const x of ends) {
        b([x, hgt - t / 2, -hz], [x, hgt - t / 2, hz], t, t * 1.6);
        b([x, t / 2, -hz], [x, t / 2, hz], t, t * 1.6);
        b([x, t, -hz], [x, hgt - t, -hz], t, t * 1.6);
        b([x, t, hz], [x, hgt - t, hz], t, t * 1.6);
      }
      break;
    case "x-frame":
      for (const x of ends) {
        b([x, hgt - t / 2, -hz], [x, hgt - t / 2, hz]);
        b([x, t / 2, -hz], [x, hgt - t, hz]);
        b([x, t / 2, hz], [x, hgt - t, -hz]);
      }
      break;
    case "sawhorse":
      for (const x of ends) {
        b([x, hgt - t / 2, -hz * 0.8], [x, hgt - t / 2, hz * 0.8], t * 1.2);
        for (const sx of [-1, 1]) {
          b([x + sx * 2.5, 0, -hz], [x, hgt - t, -hz * 0.55], t);
          b([x + sx * 2.5, 0, hz], [x, hgt - t, hz * 0.55], t);
        }
      }
      if (ends.length > 1) b([-hx, hgt * 0.72, 0], [hx, hgt * 0.72, 0], t, t * 1.4);
      break;
    case "hairpin": {
      const lx = length / 2 - 3;
      const lz = depth / 2 - 3;
      for (const [x, z] of [
        [-lx, -lz],
        [lx, -lz],
        [-lx, lz],
        [lx, lz],
      ] as const) {
        const fx = x * 0.97;
        const fz = z * 0.97;
        for (const off of [-2.2, 2.2]) b([fx, 0, fz], [x + off * Math.sign(x), hgt, z], 0.5);
      }
      break;
    }
    case "pedestal":
    case "tulip":
    case "cross": {
      // A pair of pedestals under a long top each stand on a foot of their own size, not the top's.
      const foot = ends.length > 1 ? Math.min(hz, 11) : hz;
      for (const x of ends) {
        const p: Pose = { yaw: pose.yaw, at: place([x, 0, 0], pose) };
        if (style === "tulip") {
          parts.push(
            turnedPart(
              p,
              [
                [0, foot * 1.05],
                [0.8, foot * 1.0],
                [2, foot * 0.55],
                [hgt * 0.35, 2.2],
                [hgt * 0.8, 2.4],
                [hgt, 5],
              ],
              mat,
            ),
          );
        } else if (style === "pedestal") {
          parts.push(
            turnedPart(
              p,
              [
                [0, foot * 1.0],
                [1.2, foot * 0.98],
                [1.6, foot * 0.4],
                [3, 4.5],
                [hgt - 1, 4.5],
                [hgt, 6],
              ],
              mat,
            ),
          );
        } else {
          for (const a of [Math.PI / 4, -Math.PI / 4]) {
            const dx = Math.cos(a) * foot;
            const dz = Math.sin(a) * foot;
            faces.push(...beam([x - dx, t / 2, -dz], [x + dx, t / 2, dz], t * 1.2, mat, pose));
          }
          parts.push(
            turnedPart(
              p,
              [
                [t, 3.5],
                [hgt, 3.5],
              ],
              mat,
            ),
          );
        }
      }
      if (ends.length > 1) b([-hx, hgt - t / 2, 0], [hx, hgt - t / 2, 0], t, t);
      break;
    }
  }
  if (ends.length > 1 && (style === "trapezoid" || style === "u-frame" || style === "x-frame")) {
    b([-hx, hgt - t / 2, 0], [hx, hgt - t / 2, 0], t);
  }
  return [...faceParts(faces), ...parts];
}

/** Simple legs for seats: four (or three) slightly splayed legs with a stretcher ring. */
export function legParts(mat: Material, size: BaseSize, pose: Pose, splay: number, count = 4): Part[] {
  const faces: Face[] = [];
  const t = mat.kind === "metal" ? 1.1 : 1.6;
  const hx = size.length / 2 - 1.5;
  const hz = size.depth / 2 - 1.5;
  const spots: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + Math.PI / count;
    spots.push(
      count === 4 ? [Math.sign(Math.cos(a)) * hx, Math.sign(Math.sin(a)) * hz] : [Math.cos(a) * hx, Math.sin(a) * hz],
    );
  }
  const feet: Vec3[] = spots.map(([x, z]) => [x * (1 + splay), 0, z * (1 + splay)]);
  spots.forEach(([x, z], i) => {
    const foot = feet[i] ?? [x, 0, z];
    faces.push(...beam(foot, [x, size.height, z], t, mat, pose));
  });
  const ringY = size.height * 0.3;
  const ring = spots.map(([x, z]): Vec3 => [x * (1 + splay * 0.7), ringY, z * (1 + splay * 0.7)]);
  ring.forEach((p, i) => {
    const q = ring[(i + 1) % ring.length] ?? p;
    faces.push(...beam(p, q, t * 0.6, mat, pose));
  });
  return faceParts(faces);
}

export { box };
