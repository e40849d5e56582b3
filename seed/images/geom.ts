/**
 * A very small 3-D kit for furniture: an orthographic camera (a long lens, as product photographers
 * use), boxes and turned solids, flat shading and wood-textured faces, emitted as SVG.
 * World units are inches; y is up, z points at the camera.
 */
import { mix, type Rgb, toHex } from "./color.ts";
import type { Material } from "./materials.ts";

export type Vec3 = [number, number, number];
export type Pt = [number, number];

export class Camera {
  readonly cos: number;
  readonly sin: number;

  constructor(
    readonly pitch: number,
    readonly scale: number,
    readonly ox: number,
    readonly oy: number,
  ) {
    this.cos = Math.cos(pitch);
    this.sin = Math.sin(pitch);
  }

  project(p: Vec3): Pt {
    return [this.ox + p[0] * this.scale, this.oy + (-p[1] * this.cos + p[2] * this.sin) * this.scale];
  }

  /** Screen offset of a world direction (no translation). */
  dir(d: Vec3): Pt {
    return [d[0] * this.scale, (-d[1] * this.cos + d[2] * this.sin) * this.scale];
  }

  depth(p: Vec3): number {
    return p[2] * this.cos + p[1] * this.sin;
  }

  facing(n: Vec3): number {
    return n[1] * this.sin + n[2] * this.cos;
  }
}

const LIGHT: Vec3 = normalize([-0.45, 0.8, 0.5]);

export function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function lightOn(n: Vec3): number {
  return 0.5 + 0.55 * Math.max(0, n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]);
}

/** A placed object: rotation about the vertical axis, then translation. */
export type Pose = { yaw: number; at: Vec3 };

export function place(p: Vec3, pose: Pose): Vec3 {
  const c = Math.cos(pose.yaw);
  const s = Math.sin(pose.yaw);
  return [p[0] * c + p[2] * s + pose.at[0], p[1] + pose.at[1], -p[0] * s + p[2] * c + pose.at[2]];
}

export type Face = { pts: Vec3[]; mat: Material; n: Vec3 };

/** The six faces of a hexahedron given its corners: bottom four then top four, counter-clockwise from above. */
export function hexa(c: Vec3[], mat: Material): Face[] {
  const q = (a: number, b: number, cc: number, d: number): Vec3[] =>
    [c[a], c[b], c[cc], c[d]].map((p) => p ?? [0, 0, 0]);
  const quads = [q(4, 5, 6, 7), q(3, 2, 1, 0), q(0, 1, 5, 4), q(1, 2, 6, 5), q(2, 3, 7, 6), q(3, 0, 4, 7)];
  return quads.map((pts) => faceOf(pts, mat));
}

export function faceOf(pts: Vec3[], mat: Material): Face {
  const a = pts[0] ?? [0, 0, 0];
  const b = pts[1] ?? a;
  const c = pts[2] ?? b;
  const n = normalize(cross(sub(b, a), sub(c, a)));
  return { pts, mat, n };
}

/** An axis-aligned box in object space, posed into the world. */
export function box(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  mat: Material,
  pose: Pose,
): Face[] {
  const corners: Vec3[] = [
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y0, z0],
    [x0, y0, z0],
    [x0, y1, z1],
    [x1, y1, z1],
    [x1, y1, z0],
    [x0, y1, z0],
  ];
  return hexa(
    corners.map((p) => place(p, pose)),
    mat,
  );
}

/** A square-section member between two points (legs, rails, splayed stool legs). */
export function beam(a: Vec3, b: Vec3, size: number, mat: Material, pose: Pose, depthSize = size): Face[] {
  const d = normalize(sub(b, a));
  const up: Vec3 = Math.abs(d[1]) > 0.9 ? [0, 0, 1] : [0, 1, 0];
  const u = normalize(cross(d, up));
  const v = normalize(cross(u, d));
  const hu = size / 2;
  const hv = depthSize / 2;
  const at = (p: Vec3, su: number, sv: number): Vec3 => [
    p[0] + u[0] * su + v[0] * sv,
    p[1] + u[1] * su + v[1] * sv,
    p[2] + u[2] * su + v[2] * sv,
  ];
  const ring = (p: Vec3): Vec3[] => [at(p, -hu, hv), at(p, hu, hv), at(p, hu, -hv), at(p, -hu, -hv)];
  const corners = [...ring(a), ...ring(b)].map((p) => place(p, pose));
  // Orientation of the corner rings depends on direction; fix the winding so normals face outwards.
  const faces = hexa(corners, mat);
  const centre = corners.reduce<Vec3>((s, p) => [s[0] + p[0] / 8, s[1] + p[1] / 8, s[2] + p[2] / 8], [0, 0, 0]);
  return faces.map((f) => {
    const p0 = f.pts[0] ?? centre;
    const out = sub(p0, centre);
    if (out[0] * f.n[0] + out[1] * f.n[1] + out[2] * f.n[2] < 0)
      return { ...f, n: [-f.n[0], -f.n[1], -f.n[2]] as Vec3 };
    return f;
  });
}

export function pointsAttr(cam: Camera, pts: Vec3[]): string {
  return pts
    .map((p) =>
      cam
        .project(p)
        .map((v) => v.toFixed(1))
        .join(","),
    )
    .join(" ");
}

export function shadeHex(c: Rgb, k: number): string {
  return toHex(k > 1 ? mix(c, [255, 246, 230], Math.min(0.6, k - 1)) : [c[0] * k, c[1] * k, c[2] * k]);
}
