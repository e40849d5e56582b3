/** The Shaker peg rail, drawn on its wall with something hung from it. */
import { faceParts, type Part } from "./base-geom.ts";
import { box, place } from "./geom.ts";
import { finishMaterial } from "./materials.ts";
import type { Ctx, Piece } from "./piece-kit.ts";
import { WOOD } from "./species.ts";
import { f, softShadow } from "./svg.ts";

/** A Shaker peg rail: a board screwed flat to the wall with turned pegs standing out of it, a bag on one. */
export function pegRail(c: Ctx): Piece {
  const L = c.look.size.length;
  const W = c.look.size.width;
  const y0 = 60;
  const yc = y0 + W / 2;
  const pegWood = c.look.accent ? finishMaterial(c.look.accent) : c.wood;
  const pegColour = pegWood.kind === "wood" ? WOOD[pegWood.species].early : [120, 90, 60];
  const shadow: Part = {
    pts: [],
    depth: () => -1e6,
    draw: (svg, cam) => {
      const [cx, cy] = cam.project(place([0, yc - 0.6, -0.8], c.pose));
      softShadow(svg, cx, cy, (L / 2 + 1.5) * cam.scale, (W / 2 + 1.5) * cam.scale, 0.35, 0.5);
    },
  };
  const count = 5;
  const pegs: Part[] = [];
  for (let i = 0; i < count; i++) {
    const x = -L / 2 + (L * (i + 0.5)) / count;
    const root = place([x, yc, 0], c.pose);
    const tip = place([x, yc + 0.35, 3.2], c.pose);
    pegs.push({
      pts: [root, tip],
      depth: (cam) => cam.depth(tip),
      // A turned peg seen from any side: a round shaft with a rounded knob, lit from the upper left.
      draw: (svg, cam) => {
        const [x0, y0p] = cam.project(root);
        const [x1, y1] = cam.project(tip);
        const s = cam.scale;
        const rgb = (k: number): string => `rgb(${pegColour.map((v) => Math.round(Math.min(255, v * k))).join(",")})`;
        svg.add(
          `<line x1="${f(x0)}" y1="${f(y0p)}" x2="${f(x1)}" y2="${f(y1)}" stroke="${rgb(0.8)}" stroke-width="${f(0.8 * s)}" stroke-linecap="round"/>`,
        );
        svg.add(
          `<line x1="${f(x0)}" y1="${f(y0p - 0.18 * s)}" x2="${f(x1)}" y2="${f(y1 - 0.18 * s)}" stroke="${rgb(1.15)}" stroke-opacity="0.6" stroke-width="${f(0.25 * s)}" stroke-linecap="round"/>`,
        );
        const g = svg.radial(
          [
            [0, rgb(1.3)],
            [0.6, rgb(1)],
            [1, rgb(0.7)],
          ],
          0.38,
          0.35,
          0.7,
        );
        svg.add(`<circle cx="${f(x1)}" cy="${f(y1)}" r="${f(0.68 * s)}" fill="url(#${g})"/>`);
      },
    });
  }
  // A linen bag hung from the second peg, so the rail reads as something to hang things on.
  const bagAt = -L / 2 + (L * 1.5) / count;
  const bag: Part = {
    pts: [place([bagAt - 5, yc - 16, 2], c.pose), place([bagAt + 5, yc, 2], c.pose)],
    depth: (cam) => cam.depth(place([bagAt, yc, 4], c.pose)),
    draw: (svg, cam) => {
      const p = (x: number, y: number, z: number): string =>
        cam
          .project(place([x, y, z], c.pose))
          .map(f)
          .join(",");
      const hook = p(bagAt, yc + 0.3, 2.2);
      svg.add(
        `<path d="M${p(bagAt - 3, yc - 5, 1.2)} L${hook} L${p(bagAt + 3, yc - 5, 1.2)}" fill="none" stroke="#b9ae9b" stroke-width="${f(0.5 * cam.scale)}"/>`,
      );
      const [sx, sy] = cam.project(place([bagAt + 1, yc - 11.5, -0.8], c.pose));
      softShadow(svg, sx, sy, 6 * cam.scale, 7 * cam.scale, 0.28, 0.6);
      const linen = svg.linear(
        [
          [0, "#e4dccd"],
          [0.6, "#d3c9b7"],
          [1, "#bfb4a1"],
        ],
        0,
        0,
        0.35,
        1,
      );
      const body = `M${p(bagAt - 4.5, yc - 5, 1.2)} L${p(bagAt + 4.5, yc - 5, 1.2)} Q${p(bagAt + 5.6, yc - 11, 1.6)} ${p(bagAt + 5, yc - 17, 0.8)} L${p(bagAt - 5, yc - 17, 0.8)} Q${p(bagAt - 5.6, yc - 11, 1.6)} ${p(bagAt - 4.5, yc - 5, 1.2)} Z`;
      svg.add(`<path d="${body}" fill="url(#${linen})" stroke="#a99f8e" stroke-width="1"/>`);
      // Two soft folds where the bag hangs from its straps.
      for (const dx of [-1.8, 1.6])
        svg.add(
          `<path d="M${p(bagAt + dx, yc - 5.2, 1.3)} Q${p(bagAt + dx * 1.3, yc - 9, 1.5)} ${p(bagAt + dx * 0.9, yc - 13, 1.3)}" fill="none" stroke="#a99f8e" stroke-opacity="0.45" stroke-width="${f(0.25 * cam.scale)}"/>`,
        );
    },
  };
  const rail = faceParts(box(-L / 2, L / 2, y0, y0 + W, -0.75, 0, c.wood, c.pose));
  return {
    layers: [{ parts: [shadow, ...rail] }, { parts: [...pegs, bag] }],
    shadow: null,
    wall: true,
    focus: [L * 0.25, yc, 2],
    wallZ: -0.75,
    materials: [c.wood, pegWood],
  };
}
