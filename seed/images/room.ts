/** Backgrounds for objects: a seamless studio sweep or a plain room with wall, skirting and floor. */
import { hex, mix, type Rgb, shade, toHex } from "./color.ts";
import type { Rng } from "./prng.ts";
import { f, type Svg } from "./svg.ts";

export type RoomStyle = { kind: "sweep" | "room"; wall: Rgb; floor: Rgb; planks: boolean; window: boolean };

const WALLS = ["ebe5da", "ddd4c6", "d3cfc4", "e6dccb", "c9c6bb", "b8b0a3"];
const FLOORS = ["c6ab86", "b99b76", "a9a195", "cfc6b8", "8f7a62", "bdb4a6"];

/** A worktop seen from above, for small things photographed on a counter. */
export function counterStyle(rng: Rng): RoomStyle {
  const floor = hex(rng.pick(["e4e0d8", "d6d0c4", "5a5754", "b8b2a8", "ece6dc"]));
  return { kind: "sweep", wall: shade(floor, 0.9), floor, planks: false, window: false };
}

export function pickRoom(rng: Rng, allowRoom = true): RoomStyle {
  const kind = allowRoom && rng.chance(0.55) ? "room" : "sweep";
  const wall = hex(rng.pick(WALLS));
  if (kind === "sweep") return { kind, wall, floor: shade(wall, 0.93), planks: false, window: false };
  const floorHex = rng.pick(FLOORS);
  const planks = ["c6ab86", "b99b76", "8f7a62"].includes(floorHex);
  return { kind, wall, floor: hex(floorHex), planks, window: rng.chance(0.7) };
}

/**
 * Paints the room into the SVG. `horizon` is where floor meets wall on screen; `plankPx` is the
 * on-screen spacing of floorboards (foreshortened), so they agree with the furniture's camera.
 */
export function paintRoom(svg: Svg, style: RoomStyle, horizon: number, plankPx: number, rng: Rng): void {
  const { w, h } = svg;
  const wallTop = toHex(shade(style.wall, 1.04));
  const wallLow = toHex(shade(style.wall, 0.86));
  if (style.kind === "sweep") {
    const g = svg.linear(
      [
        [0, toHex(shade(style.wall, 0.84))],
        [Math.max(0.05, horizon / h - 0.15), wallTop],
        [Math.min(0.95, horizon / h + 0.12), toHex(shade(style.floor, 1.02))],
        [1, toHex(shade(style.floor, 0.8))],
      ],
      0,
      0,
      0,
      1,
    );
    svg.add(`<rect width="${w}" height="${h}" fill="url(#${g})"/>`);
  } else {
    const wg = svg.linear(
      [
        [0, wallLow],
        [0.6, wallTop],
        [1, toHex(shade(style.wall, 0.95))],
      ],
      0,
      0,
      0.3,
      1,
    );
    svg.add(`<rect width="${w}" height="${f(horizon)}" fill="url(#${wg})"/>`);
    const fg = svg.linear(
      [
        [0, toHex(shade(style.floor, 0.92))],
        [1, toHex(shade(style.floor, 0.72))],
      ],
      0,
      0,
      0,
      1,
    );
    svg.add(`<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#${fg})"/>`);
    if (style.planks && plankPx > 2) paintPlanks(svg, style.floor, horizon, plankPx, rng);
    const skirt = Math.max(3, plankPx * 0.6);
    svg.add(
      `<rect y="${f(horizon - skirt)}" width="${w}" height="${f(skirt)}" fill="${toHex(shade(style.wall, 1.06))}"/>`,
    );
    svg.add(`<rect y="${f(horizon - 1)}" width="${w}" height="2" fill="#000" opacity="0.18"/>`);
    if (style.window) paintWindowLight(svg, horizon, rng);
  }
  // Key light from the upper left falls off across the frame.
  const r = svg.linear(
    [
      [0, "#fff8ec", 0.2],
      [0.5, "#fff8ec", 0],
      [1, "#000", 0.12],
    ],
    0,
    0,
    1,
    0.6,
  );
  svg.add(`<rect width="${w}" height="${h}" fill="url(#${r})"/>`);
}

function paintPlanks(svg: Svg, floor: Rgb, horizon: number, plankPx: number, rng: Rng): void {
  const { w, h } = svg;
  const lines: string[] = [];
  const fills: string[] = [];
  let y = horizon;
  let row = 0;
  while (y < h) {
    const next = y + plankPx * (1 + row * 0.015);
    const tone = rng.range(-0.06, 0.06);
    fills.push(
      `<rect y="${f(y)}" width="${w}" height="${f(next - y)}" fill="${toHex(mix(floor, tone > 0 ? [255, 240, 220] : [40, 28, 18], Math.abs(tone)))}" opacity="0.6"/>`,
    );
    lines.push(`M0 ${f(next)} H${w}`);
    let x = rng.range(-w * 0.3, 0);
    while (x < w) {
      x += rng.range(w * 0.35, w * 0.8);
      lines.push(`M${f(x)} ${f(y)} V${f(next)}`);
    }
    y = next;
    row++;
  }
  svg.add(fills.join(""));
  svg.add(`<path d="${lines.join(" ")}" stroke="#2a1c12" stroke-opacity="0.28" stroke-width="1" fill="none"/>`);
}

function paintWindowLight(svg: Svg, horizon: number, rng: Rng): void {
  const { w } = svg;
  const x = rng.range(0.05, 0.55) * w;
  const pw = w * rng.range(0.18, 0.28);
  const top = horizon * rng.range(0.05, 0.25);
  const skew = pw * 0.5;
  // Soft sides from the gradient rather than a blur filter, which librsvg renders slowly.
  const g = svg.linear(
    [
      [0, "#fff3df", 0],
      [0.12, "#fff3df", 0.26],
      [0.47, "#fff3df", 0.26],
      [0.5, "#fff3df", 0.12],
      [0.53, "#fff3df", 0.26],
      [0.88, "#fff3df", 0.26],
      [1, "#fff3df", 0],
    ],
    0,
    0,
    1,
    0,
  );
  svg.add(`<path d="M${f(x)} ${f(top)} h${f(pw)} l${f(skew)} ${f(horizon - top)} h${f(-pw)} Z" fill="url(#${g})"/>`);
}
