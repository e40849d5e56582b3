/** Props and backgrounds shared by scenes and portraits: workshop walls, plants, lamps, sofas, art. */
import type { Part } from "./base-geom.ts";
import { hex, mix, type Rgb, shade, toHex } from "./color.ts";
import { box, type Face, type Pose, place } from "./geom.ts";
import type { Rng } from "./prng.ts";
import { drawFaces, f, type Svg } from "./svg.ts";

const LUMBER = ["5c3b28", "8c6040", "c8a273", "e0cba6", "9e5b3b", "a97a4f", "8f4b2f", "e6d5b8"];

/**
 * A workshop wall in screen space: window light, racks of boards, lumber leaning, warm lamps.
 * Drawn at any size; portraits draw it tiny and enlarge it for a shallow depth of field.
 */
export function workshopBackdrop(svg: Svg, rng: Rng, k: number): void {
  const { w, h } = svg;
  const wall = svg.linear(
    [
      [0, "#5b4b3d"],
      [0.6, "#3e332a"],
      [1, "#2a231d"],
    ],
    0,
    0,
    0.3,
    1,
  );
  svg.add(`<rect width="${w}" height="${h}" fill="url(#${wall})"/>`);
  const winLeft = rng.chance(0.5);
  const ww = w * rng.range(0.28, 0.4);
  const wx = winLeft ? w * rng.range(-0.05, 0.08) : w - ww - w * rng.range(-0.05, 0.08);
  const wy = h * rng.range(0.06, 0.14);
  const wh = h * rng.range(0.3, 0.42);
  svg.add(
    `<rect x="${f(wx - w * 0.03)}" y="${f(wy - h * 0.03)}" width="${f(ww + w * 0.06)}" height="${f(wh + h * 0.06)}" fill="#f6e7c8" opacity="0.25"/>`,
  );
  svg.add(`<rect x="${f(wx)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" fill="#f4ead6"/>`);
  const bars = Math.max(1, 2.5 * k * 6);
  for (let i = 1; i < 3; i++)
    svg.add(
      `<rect x="${f(wx + (ww * i) / 3 - bars / 2)}" y="${f(wy)}" width="${f(bars)}" height="${f(wh)}" fill="#3a3029"/>`,
    );
  svg.add(`<rect x="${f(wx)}" y="${f(wy + wh / 2 - bars / 2)}" width="${f(ww)}" height="${f(bars)}" fill="#3a3029"/>`);
  // Racks of boards on the other side.
  const rx0 = winLeft ? wx + ww + w * 0.06 : w * 0.02;
  const rx1 = winLeft ? w * 0.98 : wx - w * 0.06;
  for (let row = 0; row < 4; row++) {
    const y = h * (0.12 + row * 0.13);
    svg.add(
      `<rect x="${f(rx0)}" y="${f(y + h * 0.055)}" width="${f(rx1 - rx0)}" height="${f(h * 0.012)}" fill="#221c17"/>`,
    );
    let x = rx0;
    while (x < rx1) {
      const bw = (rx1 - rx0) * rng.range(0.08, 0.3);
      const bh = h * rng.range(0.012, 0.025);
      const stack = rng.int(1, 3);
      for (let s = 0; s < stack; s++) {
        const c = shade(hex(rng.pick(LUMBER)), 0.55);
        svg.add(
          `<rect x="${f(x)}" y="${f(y + h * 0.055 - bh * (s + 1))}" width="${f(Math.min(bw, rx1 - x))}" height="${f(bh * 0.92)}" fill="${toHex(c)}"/>`,
        );
      }
      x += bw + (rx1 - rx0) * 0.02;
    }
  }
  // Boards leaning against the wall.
  for (let i = 0; i < rng.int(3, 6); i++) {
    const bx = rng.range(0, w);
    const bw = w * rng.range(0.04, 0.09);
    const c = shade(hex(rng.pick(LUMBER)), 0.75);
    svg.add(
      `<path d="M${f(bx)},${f(h)} L${f(bx + w * 0.03)},${f(h * rng.range(0.3, 0.5))} L${f(bx + w * 0.03 + bw)},${f(h * 0.45)} L${f(bx + bw)},${f(h)} Z" fill="${toHex(c)}"/>`,
    );
  }
  const bench = svg.linear(
    [
      [0, "#4a3a2c"],
      [1, "#1e1813"],
    ],
    0,
    0,
    0,
    1,
  );
  svg.add(`<rect y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="url(#${bench})"/>`);
  // Warm lamps and highlights that a wide aperture turns into discs.
  for (let i = 0; i < rng.int(4, 9); i++) {
    const r = w * rng.range(0.015, 0.04);
    svg.add(
      `<circle cx="${f(rng.range(0, w))}" cy="${f(rng.range(0, h * 0.6))}" r="${f(r)}" fill="#ffd9a0" opacity="${f(rng.range(0.15, 0.45))}"/>`,
    );
  }
}

export function plant(svg: Svg, x: number, floorY: number, size: number, rng: Rng): void {
  const potW = size * 0.32;
  const potH = size * 0.3;
  const pot = hex(rng.pick(["d9d2c4", "b46a45", "3d3a36", "a9a094"]));
  const pg = svg.linear(
    [
      [0, toHex(shade(pot, 1.1))],
      [1, toHex(shade(pot, 0.7))],
    ],
    0,
    0,
    1,
    0,
  );
  const leaves: string[] = [];
  for (let i = 0; i < 26; i++) {
    const a = rng.range(-Math.PI * 0.95, -Math.PI * 0.05);
    const len = size * rng.range(0.35, 0.75);
    const lx = x + Math.cos(a) * len * 0.6;
    const ly = floorY - potH - Math.abs(Math.sin(a)) * len;
    const green = mix(hex("3d5a3a"), hex("7a8f5a"), rng.next());
    leaves.push(
      `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(size * 0.09)}" ry="${f(size * 0.035)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(lx)} ${f(ly)})" fill="${toHex(green)}"/>`,
    );
    leaves.push(
      `<path d="M${f(x)},${f(floorY - potH)} L${f(lx)},${f(ly)}" stroke="#4a5a3a" stroke-width="${f(size * 0.008)}"/>`,
    );
  }
  svg.add(leaves.join(""));
  svg.add(
    `<path d="M${f(x - potW / 2)},${f(floorY - potH)} L${f(x + potW / 2)},${f(floorY - potH)} L${f(x + potW * 0.4)},${f(floorY)} L${f(x - potW * 0.4)},${f(floorY)} Z" fill="url(#${pg})"/>`,
  );
}

export function pendant(svg: Svg, x: number, y: number, size: number, colour: Rgb): void {
  svg.add(`<path d="M${f(x)},0 V${f(y)}" stroke="#222" stroke-width="${f(Math.max(1, size * 0.02))}"/>`);
  const g = svg.linear(
    [
      [0, toHex(shade(colour, 1.2))],
      [0.5, toHex(colour)],
      [1, toHex(shade(colour, 0.6))],
    ],
    0,
    0,
    1,
    0,
  );
  svg.add(
    `<path d="M${f(x - size * 0.12)},${f(y)} L${f(x + size * 0.12)},${f(y)} L${f(x + size * 0.5)},${f(y + size * 0.42)} L${f(x - size * 0.5)},${f(y + size * 0.42)} Z" fill="url(#${g})"/>`,
  );
  svg.add(
    `<ellipse cx="${f(x)}" cy="${f(y + size * 0.42)}" rx="${f(size * 0.5)}" ry="${f(size * 0.06)}" fill="#fff1d2"/>`,
  );
}

export function artwork(svg: Svg, x: number, y: number, aw: number, ah: number, rng: Rng): void {
  svg.add(
    `<rect x="${f(x + aw * 0.03)}" y="${f(y + ah * 0.04)}" width="${f(aw)}" height="${f(ah)}" fill="#000" opacity="0.18"/>`,
  );
  svg.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(aw)}" height="${f(ah)}" fill="#2b2622"/>`);
  svg.add(
    `<rect x="${f(x + aw * 0.05)}" y="${f(y + ah * 0.05)}" width="${f(aw * 0.9)}" height="${f(ah * 0.9)}" fill="#f1ece3"/>`,
  );
  const c1 = rng.pick(["b8a48a", "6f7d74", "c9a27a", "8a5a44", "3e4a52"]);
  svg.add(
    `<path d="M${f(x + aw * 0.15)},${f(y + ah * 0.75)} Q${f(x + aw * 0.5)},${f(y + ah * rng.range(0.2, 0.4))} ${f(x + aw * 0.85)},${f(y + ah * 0.7)} Z" fill="#${c1}" opacity="0.85"/>`,
  );
  svg.add(
    `<circle cx="${f(x + aw * rng.range(0.3, 0.7))}" cy="${f(y + ah * 0.32)}" r="${f(aw * 0.08)}" fill="#${rng.pick(["c46a3a", "2f3a33", "d9b26a"])}" opacity="0.8"/>`,
  );
}

/** A low sofa of boxes in fabric, facing the camera. */
export function sofa(pose: Pose, fabric: Rgb): Part[] {
  const m = { kind: "flat" as const, color: fabric };
  const dark = { kind: "flat" as const, color: shade(fabric, 0.85) };
  const faces: Face[] = [
    ...box(-42, 42, 4, 17, -18, 18, m, pose),
    ...box(-42, 42, 17, 32, -18, -10, dark, pose),
    ...box(-42, -36, 17, 25, -18, 18, m, pose),
    ...box(36, 42, 17, 25, -18, 18, m, pose),
    ...box(-36, -0.5, 17, 21, -10, 17, m, pose),
    ...box(0.5, 36, 17, 21, -10, 17, m, pose),
  ];
  const centre = place([0, 16, 0], pose);
  return [
    {
      pts: faces.flatMap((fc) => fc.pts),
      depth: (cam) => cam.depth(centre),
      draw: (svg, cam) => drawFaces(svg, cam, faces),
    },
  ];
}
