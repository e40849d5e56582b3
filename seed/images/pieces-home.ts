/** Pieces for the worktop (boards, trays, bowls), shot from above on a counter, and the bed. */
import { faceParts, type Part, turnedPart } from "./base-geom.ts";
import { hex } from "./color.ts";
import { box, type Face, type Pose, place } from "./geom.ts";
import type { Material } from "./materials.ts";
import { Noise } from "./noise.ts";
import { board, type Ctx, type Layer, type Piece } from "./piece-kit.ts";
import { WOOD } from "./species.ts";

/** A board on the worktop, drawn from its own slab so its edge (live or sawn) is the look's. */
function counterBoard(c: Ctx, layers: Layer[], L: number, D: number, H: number): Piece {
  return {
    layers,
    shadow: { rx: L * 0.55, rz: D * 0.6 },
    wall: false,
    focus: [L * 0.3, H, D * 0.3],
    wallZ: -D / 2 - 400,
    materials: [c.wood],
    counter: true,
  };
}

export function cuttingBoard(c: Ctx): Piece {
  const { length: L, width: D, height: H } = c.look.size;
  return counterBoard(c, [{ board: board(c, L, D, H, H, c.look.edge === "live") }], L, D, H);
}

/** End-grain blocks glued in a brick pattern: the face is all end grain. */
export function butcherBlock(c: Ctx): Piece {
  const { length: L, width: D, height: H } = c.look.size;
  const top = board(c, L, D, H, H, false);
  top.endGrain = { kind: "blocks", spec: WOOD[c.look.species], noise: new Noise(c.rng.int(1, 1e9)) };
  return counterBoard(c, [{ board: top }], L, D, H);
}

/** A thin board with a carved handle at one end. */
export function servingBoard(c: Ctx): Piece {
  const { length: L, width: D, height: H } = c.look.size;
  const handle = Math.min(5, L * 0.22);
  const body = L - handle;
  const pose: Pose = { yaw: c.pose.yaw, at: place([-handle / 2, 0, 0], c.pose) };
  const top = { ...board(c, body, D, H, H, c.look.edge === "live"), pose };
  const grip = box(body / 2 - handle / 2 - 0.5, body / 2 + handle / 2, 0, H, -1.3, 1.3, c.wood, pose);
  return counterBoard(c, [{ parts: faceParts(grip) }, { board: top }], L, D, H);
}

/** A tray carved from one block: a floor with a rim standing round it. */
export function tray(c: Ctx): Piece {
  const { length: L, width: D, height: H } = c.look.size;
  const rim = Math.min(0.6, D * 0.1);
  const floor = board(c, L - rim * 2, D - rim * 2, 0.35, 0.35, false);
  const faces: Face[] = [
    ...box(-L / 2, L / 2, 0, H, D / 2 - rim, D / 2, c.wood, c.pose),
    ...box(-L / 2, L / 2, 0, H, -D / 2, -D / 2 + rim, c.wood, c.pose),
    ...box(-L / 2, -L / 2 + rim, 0, H, -D / 2 + rim, D / 2 - rim, c.wood, c.pose),
    ...box(L / 2 - rim, L / 2, 0, H, -D / 2 + rim, D / 2 - rim, c.wood, c.pose),
  ];
  return counterBoard(c, [{ board: floor }, { parts: faceParts(faces) }], L, D, H);
}

export function bowl(c: Ctx): Piece {
  const wood = c.wood;
  const r = c.look.size.length / 2;
  const h = c.look.size.height;
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

export function bed(c: Ctx): Piece {
  const wood = c.wood;
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
