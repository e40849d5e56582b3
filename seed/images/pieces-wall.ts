/** Pieces that hang on or lean against the wall: floating shelves, the ladder bookshelf, the mirror. */
import { faceParts, type Part, turnedPart } from "./base-geom.ts";
import { hex } from "./color.ts";
import { beam, box, type Face, type Pose, place, type Vec3 } from "./geom.ts";
import type { Material } from "./materials.ts";
import { Noise } from "./noise.ts";
import { board, type Ctx, type Layer, type Piece } from "./piece-kit.ts";
import { WOOD } from "./species.ts";
import { f, softShadow } from "./svg.ts";

/** Floating shelves (no bracket shows): one, or a stack of them 15" apart when the look is taller. */
export function shelves(c: Ctx): Piece {
  const L = c.look.size.length;
  const D = c.look.size.width;
  const thick = Math.min(2, c.look.size.height);
  const n = Math.max(1, Math.round((c.look.size.height - thick) / 15) + 1);
  const layers: Layer[] = [];
  for (let i = 0; i < n; i++) {
    const y = 46 + i * 15;
    layers.push({ board: board(c, L, D, y, thick, c.look.edge === "live", false, 0.95 - i * 0.02) });
    layers.push({ parts: shelfObjects(c, c.pose, L, y, D) });
  }
  return { layers, shadow: null, wall: true, focus: [L * 0.3, 46, D / 2], wallZ: -D / 2, materials: [c.wood] };
}

/** A leaning ladder bookshelf: two sides resting against the wall, shelves deepest at the bottom. */
export function ladderShelf(c: Ctx): Piece {
  const L = c.look.size.length;
  const D = c.look.size.width;
  const H = c.look.size.height;
  const wallZ = -D / 2 - 1;
  const footZ = D / 2 - 1;
  const topZ = wallZ + 2;
  const railZ = (y: number): number => footZ + (topZ - footZ) * (y / H);
  const layers: Layer[] = [];
  const count = 5;
  for (let i = 0; i < count; i++) {
    const y = 8 + ((H - 16) * i) / (count - 1);
    const front = railZ(y) + 1;
    const back = Math.max(wallZ + 0.5, front - (D - 1.5 - i * 2.2));
    const pose: Pose = { yaw: c.pose.yaw, at: place([0, 0, (front + back) / 2], c.pose) };
    const shelf = { ...board(c, L - 2.5, front - back, y, 1, false, false, 0.96 - i * 0.02), pose };
    layers.push({ board: shelf });
    if (i > 0) layers.push({ parts: shelfObjects(c, pose, L - 2.5, y, front - back) });
  }
  const rails: Face[] = [];
  for (const x of [-L / 2 + 0.6, L / 2 - 0.6])
    rails.push(...beam([x, 0, footZ], [x, H, topZ], 1.25, c.wood, c.pose, 2.5));
  layers.push({ parts: faceParts(rails) });
  return {
    layers,
    shadow: { rx: L * 0.55, rz: D * 0.5 },
    wall: false,
    focus: [L * 0.3, H * 0.5, 0],
    wallZ,
    materials: [c.wood],
    size: { length: L, depth: D, height: H },
  };
}

/**
 * A mirror framed in wood, hung upright. A live edge frame keeps the tree's outline outside (a
 * rim of bark and a band of pale sapwood); the glass sits in a straight rabbet inside.
 */
export function mirror(c: Ctx): Piece {
  const wide = Math.min(c.look.size.length, c.look.size.width);
  const tall = Math.max(c.look.size.length, c.look.size.width);
  const border = Math.max(3, wide * 0.17);
  const y = 40 + tall / 2;
  const live = c.look.edge === "live";
  const spec = WOOD[c.look.species];
  const n = new Noise(c.rng.int(1, 1e9));
  const steps = 160;
  const cuts = Array.from({ length: steps }, (_, k) => (live ? 0.9 + 0.7 * n.fbm(k * 0.09, 2.1, 3) : 0));
  // The frame's outline moved in by `inset` inches (plus the live edge's own waver).
  const ring = (inset: number): Vec3[] =>
    cuts.map((cut, k) => {
      const [x, yy] = perimeter(k / steps, wide, tall);
      const nx = Math.abs(x) >= wide / 2 - 1e-6 ? Math.sign(x) : 0;
      const ny = Math.abs(yy) >= tall / 2 - 1e-6 ? Math.sign(yy) : 0;
      return place([x - nx * (cut + inset), y + yy - ny * (cut + inset), 0], c.pose);
    });
  const outer = ring(0);
  const frame: Part = {
    pts: outer,
    depth: () => 0,
    draw: (svg, cam) => {
      const path = (pts: Vec3[]): string => `M${pts.map((p) => cam.project(p).map(f).join(",")).join(" L")} Z`;
      const [cx, cy] = cam.project(place([0, y, 0], c.pose));
      const s = cam.scale;
      softShadow(svg, cx + wide * 0.05 * s, cy + tall * 0.05 * s, wide * 0.62 * s, tall * 0.6 * s, 0.45, 0.3);
      const wood = c.wood as Extract<Material, { kind: "wood" }>;
      const pid = svg.woodPattern(cam, wood, place([-wide / 2, y - tall / 2, 0], c.pose), [0, 1, 0], [1, 0, 0], 0.03);
      if (live) {
        svg.add(`<path d="${path(outer)}" fill="rgb(${spec.barkDark.join(",")})"/>`);
        svg.add(`<path d="${path(ring(0.3))}" fill="rgb(${spec.sap.join(",")})"/>`);
        svg.add(`<path d="${path(ring(0.9))}" fill="url(#${pid})"/>`);
      } else {
        svg.add(`<path d="${path(outer)}" fill="url(#${pid})"/>`);
      }
      const [gx0, gy0] = cam.project(place([-wide / 2 + border, y + tall / 2 - border, 0], c.pose));
      const [gx1, gy1] = cam.project(place([wide / 2 - border, y - tall / 2 + border, 0], c.pose));
      const glass = svg.linear(
        [
          [0, "#dfe3e1"],
          [0.45, "#9fa8a6"],
          [0.55, "#c9cfcc"],
          [1, "#7d8684"],
        ],
        0,
        0,
        1,
        1,
      );
      svg.add(
        `<rect x="${f(gx0)}" y="${f(gy0)}" width="${f(gx1 - gx0)}" height="${f(gy1 - gy0)}" fill="url(#${glass})" stroke="#000" stroke-opacity="0.4" stroke-width="2"/>`,
      );
    },
  };
  return {
    layers: [{ parts: [frame] }],
    shadow: null,
    wall: true,
    focus: [wide / 2 - border / 2, y + tall / 2 - border, 0],
    wallZ: -1,
    materials: [c.wood],
  };
}

/** A point a fraction t of the way round a w × h rectangle centred on the origin. */
function perimeter(t: number, w: number, h: number): [number, number] {
  const p = t * 2 * (w + h);
  if (p < w) return [-w / 2 + p, h / 2];
  if (p < w + h) return [w / 2, h / 2 - (p - w)];
  if (p < 2 * w + h) return [w / 2 - (p - w - h), -h / 2];
  return [-w / 2, -h / 2 + (p - 2 * w - h)];
}

/** Books and pots along a shelf whose top is at height y. */
function shelfObjects(c: Ctx, pose: Pose, L: number, y: number, D: number): Part[] {
  const parts: Part[] = [];
  const faces: Face[] = [];
  const palette = ["c7bba8", "8a7a66", "3f4a4f", "a9573a", "e8e1d4", "6b7b62"];
  let x = -L / 2 + c.rng.range(3, 8);
  while (x < L / 2 - 6) {
    if (c.rng.chance(0.55)) {
      const books = c.rng.int(3, 7);
      for (let b = 0; b < books && x < L / 2 - 3; b++) {
        const w = c.rng.range(0.8, 1.6);
        const hh = Math.min(c.rng.range(7, 10), D * 1.1);
        const cover: Material = { kind: "flat", color: hex(c.rng.pick(palette)) };
        faces.push(...box(x, x + w, y, y + hh, -D / 2 + 1, D / 2 - 1.5, cover, pose));
        x += w + 0.1;
      }
    } else {
      const r = Math.min(c.rng.range(1.8, 3), D / 2 - 0.5);
      const hh = c.rng.range(4, 9);
      const glaze: Material = {
        kind: "metal",
        color: hex(c.rng.pick(["e9e4da", "b7a58a", "5d5a55", "8c9a8c"])),
        gloss: 0.2,
      };
      const profile: [number, number][] = [
        [0, r * 0.7],
        [hh * 0.3, r],
        [hh * 0.8, r * 0.6],
        [hh, r * 0.35],
      ];
      parts.push(turnedPart({ yaw: 0, at: place([x + r, y, 0], pose) }, profile, glaze));
      x += r * 2;
    }
    x += c.rng.range(3, 9);
  }
  return [...faceParts(faces), ...parts];
}
