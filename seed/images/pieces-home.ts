/** Pieces for walls and tabletops, and the bed: shelves with their books, boards, bowls, mirrors. */
import { faceParts, type Part, turnedPart } from "./base-geom.ts";
import { hex } from "./color.ts";
import { box, type Face, type Pose, type Vec3 } from "./geom.ts";
import type { Material } from "./materials.ts";
import { board, type Ctx, type Layer, type Piece } from "./piece-kit.ts";
import { softShadow } from "./svg.ts";

export function shelves(c: Ctx): Piece {
  const L = c.rng.range(36, 48);
  const D = 10;
  const n = c.rng.int(2, 3);
  const layers: Layer[] = [];
  const steel: Material = c.base.kind === "metal" ? c.base : { kind: "metal", color: hex("2a2927"), gloss: 0.12 };
  for (let i = 0; i < n; i++) {
    const y = 44 + i * 15;
    const brackets: Face[] = [];
    for (const x of [-L * 0.3, L * 0.3])
      brackets.push(...box(x - 0.6, x + 0.6, y - 6, y - 2, -D / 2, D / 2 - 1.5, steel, c.pose));
    layers.push({ parts: faceParts(brackets) });
    layers.push({ board: board(c, L, D, y - 2, 2, c.rng.chance(0.7), false, 0.95 - i * 0.02) });
    layers.push({ parts: shelfObjects(c, L, y, D) });
  }
  return { layers, shadow: null, wall: true, focus: [L * 0.3, 44, D / 2], wallZ: -D / 2, materials: [steel] };
}

function shelfObjects(c: Ctx, L: number, y: number, D: number): Part[] {
  const parts: Part[] = [];
  const faces: Face[] = [];
  const palette = ["c7bba8", "8a7a66", "3f4a4f", "a9573a", "e8e1d4", "6b7b62"];
  let x = -L / 2 + c.rng.range(3, 8);
  while (x < L / 2 - 6) {
    if (c.rng.chance(0.55)) {
      const books = c.rng.int(3, 7);
      for (let b = 0; b < books && x < L / 2 - 3; b++) {
        const w = c.rng.range(0.8, 1.6);
        const hh = c.rng.range(7, 10);
        faces.push(
          ...box(
            x,
            x + w,
            y,
            y + hh,
            -D / 2 + 1.5,
            D / 2 - 2,
            { kind: "flat", color: hex(c.rng.pick(palette)) },
            c.pose,
          ),
        );
        x += w + 0.1;
      }
    } else {
      const r = c.rng.range(1.8, 3);
      const hh = c.rng.range(4, 9);
      const pose: Pose = { yaw: 0, at: rotate(c.pose, [x + r, y, 0]) };
      const glaze: Material = {
        kind: "metal",
        color: hex(c.rng.pick(["e9e4da", "b7a58a", "5d5a55", "8c9a8c"])),
        gloss: 0.2,
      };
      parts.push(
        turnedPart(
          pose,
          [
            [0, r * 0.7],
            [hh * 0.3, r],
            [hh * 0.8, r * 0.6],
            [hh, r * 0.35],
          ],
          glaze,
        ),
      );
      x += r * 2;
    }
    x += c.rng.range(3, 9);
  }
  return [...faceParts(faces), ...parts];
}

function rotate(pose: Pose, p: Vec3): Vec3 {
  const cc = Math.cos(pose.yaw);
  const s = Math.sin(pose.yaw);
  return [p[0] * cc + p[2] * s + pose.at[0], p[1] + pose.at[1], -p[0] * s + p[2] * cc + pose.at[2]];
}

export function cuttingBoard(c: Ctx): Piece {
  const L = c.rng.range(18, 24);
  const D = c.rng.range(10, 13);
  const top = board(c, L, D, 1.5, 1.5, c.rng.chance(0.5));
  return {
    layers: [{ board: top }],
    shadow: { rx: L * 0.55, rz: D * 0.6 },
    wall: false,
    focus: [L * 0.3, 1.5, D * 0.3],
    wallZ: -D / 2 - 400,
    materials: [],
    counter: true,
  };
}

export function bowl(c: Ctx, wood: Material): Piece {
  const r = c.rng.range(5, 7.5);
  const h = r * c.rng.range(0.45, 0.7);
  const parts = [
    turnedPart(
      c.pose,
      [
        [0, r * 0.4],
        [h * 0.2, r * 0.75],
        [h * 0.6, r * 0.97],
        [h, r],
      ],
      wood,
      false,
    ),
  ];
  const rim: Part = {
    pts: [
      [-r, h, -r],
      [r, h, r],
    ],
    depth: () => 1e6,
    draw: (svg, cam) => {
      const [cx, cy] = cam.project([0, h, 0]);
      const rx = r * cam.scale;
      const ry = rx * cam.sin;
      const w = wood as Extract<Material, { kind: "wood" }>;
      const pid = svg.woodPattern(cam, w, [-r, h, -r], [1, 0, 0], [0, 0, 1], 0.03);
      const g = svg.linear(
        [
          [0, "#000", 0.55],
          [0.55, "#000", 0.15],
          [1, "#fff", 0.1],
        ],
        0,
        0,
        0,
        1,
      );
      svg.add(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${pid})"/>`);
      svg.add(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff" fill-opacity="0.12"/>`);
      svg.add(`<ellipse cx="${cx}" cy="${cy + ry * 0.05}" rx="${rx * 0.93}" ry="${ry * 0.9}" fill="url(#${pid})"/>`);
      svg.add(`<ellipse cx="${cx}" cy="${cy + ry * 0.05}" rx="${rx * 0.93}" ry="${ry * 0.9}" fill="url(#${g})"/>`);
    },
  };
  return {
    layers: [{ parts: [...parts, rim] }],
    shadow: { rx: r * 0.9, rz: r * 0.9 },
    wall: false,
    focus: [0, h, r],
    wallZ: -r - 400,
    materials: [wood],
    counter: true,
  };
}

export function mirror(c: Ctx, wood: Material): Piece {
  const r = c.rng.range(14, 18);
  const y = 62;
  const frame: Part = {
    pts: [
      [-r, y - r, 0],
      [r, y + r, 0],
    ],
    depth: () => 0,
    draw: (svg, cam) => {
      const [cx, cy] = cam.project([0, y, 0]);
      const R = r * cam.scale;
      const ry = R * cam.cos;
      const pid = svg.woodPattern(
        cam,
        wood as Extract<Material, { kind: "wood" }>,
        [-r, y, 0],
        [1, 0, 0],
        [0, 1, 0],
        0.03,
      );
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
      softShadow(svg, cx + R * 0.06, cy + R * 0.08, R * 1.12, ry * 1.12, 0.45, 0.25);
      svg.add(`<ellipse cx="${cx}" cy="${cy}" rx="${R}" ry="${ry}" fill="url(#${pid})"/>`);
      svg.add(
        `<ellipse cx="${cx}" cy="${cy}" rx="${R}" ry="${ry}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`,
      );
      svg.add(
        `<ellipse cx="${cx}" cy="${cy}" rx="${R * 0.84}" ry="${ry * 0.84}" fill="url(#${glass})" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>`,
      );
    },
  };
  return {
    layers: [{ parts: [frame] }],
    shadow: null,
    wall: true,
    focus: [r * 0.7, y + r * 0.5, 0],
    wallZ: -1,
    materials: [wood],
  };
}

export function bed(c: Ctx, wood: Material): Piece {
  const W = 64;
  const L = 84;
  const faces: Face[] = [];
  faces.push(...box(-W / 2, W / 2, 5, 13, -L / 2, L / 2, wood, c.pose));
  for (const [x, z] of [
    [-W / 2 + 3, -L / 2 + 3],
    [W / 2 - 3, -L / 2 + 3],
    [-W / 2 + 3, L / 2 - 3],
    [W / 2 - 3, L / 2 - 3],
  ] as const) {
    faces.push(...box(x - 1.5, x + 1.5, 0, 5, z - 1.5, z + 1.5, c.base, c.pose));
  }
  faces.push(...box(-W / 2 - 2, W / 2 + 2, 5, 44, -L / 2 - 2.5, -L / 2, wood, c.pose));
  const linen: Material = { kind: "flat", color: hex("ece7de") };
  const duvet: Material = { kind: "flat", color: hex(c.rng.pick(["cfc6b8", "b9b2a6", "d9d0c2", "8e968a"])) };
  faces.push(...box(-W / 2 + 1, W / 2 - 1, 13, 22, -L / 2 + 0.5, L / 2 - 1, linen, c.pose));
  faces.push(...box(-W / 2, W / 2, 13.5, 23.2, -L / 2 + 22, L / 2 - 0.5, duvet, c.pose));
  for (const x of [-W / 4, W / 4]) faces.push(...box(x - 12, x + 12, 22, 27, -L / 2 + 3, -L / 2 + 17, linen, c.pose));
  return {
    layers: [{ parts: faceParts(faces) }],
    shadow: { rx: W * 0.6, rz: L * 0.55 },
    wall: false,
    focus: [W / 2, 20, -L / 2],
    wallZ: -L / 2 - 3,
    materials: [wood, c.base],
  };
}
