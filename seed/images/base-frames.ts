/**
 * The bases built as frames of legs, rails and boards: trestles, tapered legs with an apron,
 * the Divergence's splayed frames, staked legs, cantilevers, legs with a lower shelf, panel ends
 * and a waterfall's turned-down ends. Geometry in inches under a top of the given size.
 */
import type { BaseStyle } from "../types.ts";
import type { BaseSize } from "./base-geom.ts";
import { beam, box, type Face, hexa, type Pose, place, type Vec3 } from "./geom.ts";
import type { Material } from "./materials.ts";

export type FrameStyle = Extract<
  BaseStyle,
  "trestle" | "tapered-legs" | "splayed" | "staked" | "cantilever" | "shelf-legs" | "panel-ends" | "waterfall"
>;

export const FRAME_STYLES: readonly FrameStyle[] = [
  "trestle",
  "tapered-legs",
  "splayed",
  "staked",
  "cantilever",
  "shelf-legs",
  "panel-ends",
  "waterfall",
];

export function isFrameStyle(style: BaseStyle): style is FrameStyle {
  return (FRAME_STYLES as readonly BaseStyle[]).includes(style);
}

export type FrameOptions = {
  /** The top's wood: a lower shelf, a waterfall's ends. */
  wood: Material;
  /** A footrest ring on staked legs. */
  accent?: Material | null;
  /** An apron under the top (with a drawer in it for a desk). */
  apron?: boolean;
  drawer?: boolean;
  /** The top's thickness, for a waterfall's ends. */
  topThick?: number;
};

/** A leg tapering from `top` (square size at the top) to `foot` at the floor, its foot offset by (dx, dz). */
function taperedLeg(x: number, z: number, h: number, top: number, foot: number, mat: Material, pose: Pose): Face[] {
  const t = top / 2;
  const b = foot / 2;
  const corners: Vec3[] = [
    [x - b, 0, z + b],
    [x + b, 0, z + b],
    [x + b, 0, z - b],
    [x - b, 0, z - b],
    [x - t, h, z + t],
    [x + t, h, z + t],
    [x + t, h, z - t],
    [x - t, h, z - t],
  ];
  return hexa(
    corners.map((p) => place(p, pose)),
    mat,
  );
}

export function frameFaces(
  style: FrameStyle,
  mat: Material,
  size: BaseSize,
  pose: Pose,
  round: boolean,
  opts: FrameOptions,
): Face[] {
  const { length, depth, height: hgt } = size;
  const metal = mat.kind === "metal";
  const t = metal ? 1.6 : 2.6;
  const faces: Face[] = [];
  const b = (a: Vec3, c: Vec3, s = t, s2 = s, m = mat): void => {
    faces.push(...beam(a, c, s, m, pose, s2));
  };
  const hx = Math.max(4, length / 2 - Math.min(10, length * 0.12));
  const hz = (depth / 2) * 0.82;
  const ends = hx < 6 ? [0] : [-hx, hx];
  switch (style) {
    case "trestle":
      for (const x of ends) {
        b([x, 1.6, -hz], [x, 1.6, hz], t, 3.2);
        b([x, 3, 0], [x, hgt - 2, 0], t, t * 2.2);
        b([x, hgt - 1, -hz * 0.85], [x, hgt - 1, hz * 0.85], t, 2);
      }
      // The stretcher passes through both posts and is wedged outside them.
      b([-hx - 4, hgt * 0.42, 0], [hx + 4, hgt * 0.42, 0], 1.6, 3.6);
      break;
    case "tapered-legs": {
      const lx = length / 2 - 2.2;
      const lz = depth / 2 - 2.2;
      const top = metal ? 1.4 : Math.min(2.6, length * 0.09);
      for (const [x, z] of corners(lx, lz)) faces.push(...taperedLeg(x, z, hgt, top, top * 0.55, mat, pose));
      if (opts.apron) {
        const a0 = hgt - 4.5;
        const inset = top / 2 - 0.45;
        faces.push(...box(-lx, lx, a0, hgt, lz + inset - 0.9, lz + inset, mat, pose));
        faces.push(...box(-lx, lx, a0, hgt, -lz - inset, -lz - inset + 0.9, mat, pose));
        for (const x of [-lx - inset, lx + inset - 0.9]) faces.push(...box(x, x + 0.9, a0, hgt, -lz, lz, mat, pose));
        if (opts.drawer) {
          const dw = lx * 0.75;
          faces.push(...box(-dw, dw, a0 + 0.5, hgt - 0.5, lz + inset, lz + inset + 0.2, mat, pose));
          faces.push(...box(-0.5, 0.5, a0 + 1.8, a0 + 2.8, lz + inset + 0.2, lz + inset + 1, mat, pose));
        }
      }
      break;
    }
    case "splayed": {
      // Each frame leans out past the end of the stretcher, away from the other.
      const splay = hgt * 0.22;
      for (const x of ends) {
        const xf = x + Math.sign(x || 1) * splay;
        b([x, hgt - t / 2, -hz * 0.75], [x, hgt - t / 2, hz * 0.75]);
        b([xf, t / 2, -hz], [xf, t / 2, hz]);
        b([xf, t / 2, -hz], [x, hgt - t / 2, -hz * 0.75]);
        b([xf, t / 2, hz], [x, hgt - t / 2, hz * 0.75]);
      }
      if (ends.length > 1) b([-hx, hgt - t / 2, 0], [hx, hgt - t / 2, 0], t, t);
      break;
    }
    case "staked": {
      const count = round ? 3 : 4;
      const s = metal ? 0.9 : Math.min(1.9, Math.max(1.3, hgt * 0.07));
      const spots: [number, number][] = round
        ? Array.from({ length: count }, (_, i): [number, number] => {
            const a = (i / count) * Math.PI * 2 + Math.PI / 6;
            return [Math.cos(a) * length * 0.27, Math.sin(a) * length * 0.27];
          })
        : corners(length * 0.36, depth * 0.27);
      const splay = round ? 1.4 : 1.3;
      for (const [x, z] of spots) b([x * splay, 0, z * splay], [x, hgt, z], s, s);
      if (opts.accent) {
        const y = hgt * 0.32;
        const k = 1 + (splay - 1) * 0.68;
        const ring = (round ? spots : [spots[0], spots[1], spots[3], spots[2]]).map(
          (p): Vec3 => [(p?.[0] ?? 0) * k, y, (p?.[1] ?? 0) * k],
        );
        ring.forEach((p, i) => {
          b(p, ring[(i + 1) % ring.length] ?? p, 0.6, 0.6, opts.accent ?? mat);
        });
      }
      break;
    }
    case "cantilever":
      for (const x of ends) {
        b([x, 0, -hz], [x, hgt, -hz], t, t * 1.5);
        b([x, t / 2, -hz], [x, t / 2, hz * 0.7], t, t);
        b([x, hgt - t / 2, -hz], [x, hgt - t / 2, hz * 0.85], t, t);
      }
      b([-hx, hgt - 3, -hz], [hx, hgt - 3, -hz], 1.2, 4);
      break;
    case "shelf-legs": {
      const lx = length / 2 - 1.5;
      const lz = depth / 2 - 1.5;
      const s = metal ? 0.9 : 1.6;
      for (const [x, z] of corners(lx, lz)) b([x, 0, z], [x, hgt, z], s, s);
      for (const z of [-lz, lz]) b([-lx, hgt - s / 2, z], [lx, hgt - s / 2, z], s, s);
      for (const x of [-lx, lx]) b([x, hgt - s / 2, -lz], [x, hgt - s / 2, lz], s, s);
      faces.push(...box(-lx - s / 2, lx + s / 2, 7, 8, -lz - s / 2, lz + s / 2, opts.wood, pose));
      break;
    }
    case "panel-ends": {
      const x = length / 2 - 2;
      const z = depth / 2 - 0.8;
      for (const sx of [-1, 1]) {
        faces.push(...box(sx * x - 0.75, sx * x + 0.75, 0, hgt, -z, z, mat, pose));
        // The panel sits in a frame: a thin raised field on the outside face.
        faces.push(
          ...box(sx * x + sx * 0.75 - 0.1, sx * x + sx * 0.75 + 0.1, 3, hgt - 3, -z + 2.2, z - 2.2, mat, pose),
        );
      }
      const slats = 4;
      for (let i = 0; i < slats; i++) {
        const z0 = -z + 1 + ((2 * z - 2) * i) / slats;
        faces.push(...box(-x + 0.75, x - 0.75, 4, 4.8, z0 + 0.3, z0 + (2 * z - 2) / slats - 0.3, mat, pose));
      }
      break;
    }
    case "waterfall": {
      const th = opts.topThick ?? 2;
      const z = (depth / 2) * 0.82;
      for (const sx of [-1, 1]) {
        const x = sx * (length / 2 - th / 2);
        faces.push(...box(x - th / 2, x + th / 2, 0, hgt, -z, z, opts.wood, pose));
      }
      break;
    }
  }
  return faces;
}

function corners(x: number, z: number): [number, number][] {
  return [
    [-x, -z],
    [x, -z],
    [-x, z],
    [x, z],
  ];
}
