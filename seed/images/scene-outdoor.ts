/** The places the wood comes from: a stand of hardwoods, and the drying barn with stickered slabs. */
import sharp, { type Sharp } from "sharp";
import type { Species } from "../types.ts";
import { faceParts } from "./base-geom.ts";
import { hex, mix, type Rgb, shade, toHex } from "./color.ts";
import { layerOverlays, layerPoints } from "./compose.ts";
import { fitCamera } from "./furniture.ts";
import { box } from "./geom.ts";
import type { Layer } from "./pieces.ts";
import type { Rng } from "./prng.ts";
import { makeSlab } from "./slab-shape.ts";
import { f, Svg, softShadow } from "./svg.ts";

export async function renderForest(rng: Rng, w: number, h: number): Promise<Sharp> {
  const horizon = h * rng.range(0.58, 0.66);
  // Far layers are drawn small and enlarged, which blurs them like haze and shallow focus.
  const small = new Svg(Math.round(w / 5), Math.round(h / 5));
  const sw = small.w;
  const sh = small.h;
  const sky = small.linear(
    [
      [0, "#e8e4d2"],
      [0.55, "#d9d6bd"],
      [0.7, "#a9a786"],
      [1, "#4f4a33"],
    ],
    0,
    0,
    0,
    1,
  );
  small.add(`<rect width="${sw}" height="${sh}" fill="url(#${sky})"/>`);
  for (let layer = 0; layer < 3; layer++) {
    const haze = 0.75 - layer * 0.22;
    const col = mix(hex("4c4538"), hex("d5d2bb"), haze);
    for (let i = 0; i < 14 - layer * 3; i++) {
      const x = rng.range(0, sw);
      const tw = sw * rng.range(0.008, 0.02) * (1 + layer);
      small.add(
        `<rect x="${f(x)}" y="0" width="${f(tw)}" height="${f((horizon / h) * sh + layer * 2)}" fill="${toHex(col)}"/>`,
      );
    }
    for (let i = 0; i < 10; i++) {
      const g = mix(hex("55663c"), hex("c6caa0"), haze * 0.8);
      small.add(
        `<ellipse cx="${f(rng.range(0, sw))}" cy="${f(rng.range(-sh * 0.1, sh * 0.12))}" rx="${f(sw * rng.range(0.08, 0.2))}" ry="${f(sw * rng.range(0.03, 0.07))}" fill="${toHex(g)}" opacity="0.35"/>`,
      );
    }
  }
  const bg = await sharp(small.buffer())
    .resize(w, h, { kernel: "cubic" })
    .blur(2)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const svg = new Svg(w, h);
  const ground = svg.linear(
    [
      [0, "#6b6040", 0],
      [0.08, "#5d5236"],
      [1, "#2c2619"],
    ],
    0,
    0,
    0,
    1,
  );
  svg.add(
    `<rect y="${f(horizon - h * 0.02)}" width="${w}" height="${f(h - horizon + h * 0.02)}" fill="url(#${ground})"/>`,
  );
  const leaves: string[] = [];
  for (let i = 0; i < 500; i++) {
    const y = horizon + (h - horizon) * rng.next() ** 0.7;
    const k = (y - horizon) / (h - horizon);
    const c = mix(hex("8a6a3a"), hex("b4874a"), rng.next());
    leaves.push(
      `<ellipse cx="${f(rng.range(0, w))}" cy="${f(y)}" rx="${f(2 + k * 7)}" ry="${f(1 + k * 2.5)}" fill="${toHex(shade(c, 0.5 + k * 0.4))}" opacity="0.7"/>`,
    );
  }
  svg.add(leaves.join(""));
  const trunks = rng.int(5, 8);
  for (let i = 0; i < trunks; i++) {
    const near = i >= trunks - 2;
    const tw = w * (near ? rng.range(0.07, 0.12) : rng.range(0.018, 0.045));
    const x = near
      ? (i === trunks - 1 ? rng.range(-0.04, 0.12) : rng.range(0.78, 0.95)) * w
      : rng.range(0.05, 0.95) * w;
    const base = near ? h + 10 : horizon + (h - horizon) * rng.range(0.1, 0.5);
    trunk(svg, x, base, tw, near ? hex("3b332b") : hex("5e574b"), rng);
  }
  const shaft = svg.linear(
    [
      [0, "#fff3d6", 0.35],
      [1, "#fff3d6", 0],
    ],
    0,
    0,
    0.4,
    1,
  );
  for (let i = 0; i < 3; i++) {
    const x = w * rng.range(0.15, 0.7);
    svg.add(
      `<path d="M${f(x)},0 L${f(x + w * 0.05)},0 L${f(x + w * 0.32)},${f(h)} L${f(x + w * 0.18)},${f(h)} Z" fill="url(#${shaft})"/>`,
    );
  }
  return sharp(bg).composite([{ input: svg.buffer(), left: 0, top: 0 }]);
}

function trunk(svg: Svg, x: number, base: number, tw: number, bark: Rgb, rng: Rng): void {
  const g = svg.linear(
    [
      [0, toHex(shade(bark, 0.55))],
      [0.3, toHex(shade(bark, 1.25))],
      [0.7, toHex(bark)],
      [1, toHex(shade(bark, 0.45))],
    ],
    0,
    0,
    1,
    0,
  );
  svg.add(
    `<path d="M${f(x - tw * 0.4)},-5 L${f(x + tw * 0.4)},-5 L${f(x + tw * 0.55)},${f(base)} L${f(x - tw * 0.55)},${f(base)} Z" fill="url(#${g})"/>`,
  );
  const lines: string[] = [];
  const n = Math.max(4, Math.round(tw / 5));
  for (let i = 0; i < n; i++) {
    const lx = x - tw * 0.45 + (tw * 0.9 * (i + rng.next())) / n;
    let y = rng.range(-20, base * 0.2);
    while (y < base - 4) {
      const len = Math.min(base - y - 2, rng.range(base * 0.05, base * 0.2));
      lines.push(`M${f(lx + rng.range(-2, 2))},${f(y)} l${f(rng.range(-1.5, 1.5))},${f(len)}`);
      y += len + rng.range(5, 40);
    }
  }
  svg.add(
    `<path d="${lines.join(" ")}" stroke="#15110d" stroke-opacity="0.45" stroke-width="${f(Math.max(1, tw * 0.035))}" fill="none"/>`,
  );
}

export async function renderLumberYard(rng: Rng, species: Species, w: number, h: number): Promise<Sharp> {
  const layers: Layer[] = [];
  const stacks = rng.int(2, 3);
  const mix2: Species[] = [species, species, "white oak", "black walnut", "cherry", "elm"];
  for (let s = 0; s < stacks; s++) {
    const at: [number, number, number] = [
      (s - (stacks - 1) / 2) * 70 + rng.range(-8, 8),
      0,
      -s * 30 + rng.range(-10, 10),
    ];
    const pose = { yaw: rng.range(-0.15, 0.15), at };
    const n = rng.int(5, 8);
    const sp = s === 0 ? species : rng.pick(mix2);
    const stickers: Layer[] = [];
    for (let i = 0; i < n; i++) {
      const y = 4 + i * 3.6;
      const faces = [-38, -12, 12, 38].flatMap((x) =>
        box(x - 0.8, x + 0.8, y - 1.1, y, -14, 14, { kind: "flat", color: hex("6b5a46") }, pose),
      );
      stickers.push({ parts: faceParts(faces) });
      const slab = makeSlab(rng.fork(`s${s}${i}`), sp, { len: 1800, width: 1800 * 0.3, live: true, repairs: false });
      stickers.push({
        board: {
          slab,
          length: 96,
          depth: 30 * rng.range(0.85, 1.05),
          y: y + 2.5,
          thick: 2.5,
          pose,
          light: 0.8 + i * 0.03,
        },
      });
    }
    layers.unshift(...stickers);
  }
  const cam = fitCamera(
    layerPoints(layers),
    { pitch: rng.range(0.3, 0.4), yaw: 0, zoom: 1, fill: 0.96 },
    w,
    h,
    [0, 0, 0],
    0.62,
  );
  const svg = new Svg(w, h);
  const [, horizon] = cam.project([0, 0, -90]);
  const wall = svg.linear(
    [
      [0, "#3a3128"],
      [1, "#6b5a48"],
    ],
    0,
    0,
    0,
    1,
  );
  svg.add(`<rect width="${w}" height="${f(horizon)}" fill="url(#${wall})"/>`);
  const boards: string[] = [];
  let x = 0;
  while (x < w) {
    const bw = cam.scale * rng.range(8, 12);
    boards.push(
      `<rect x="${f(x)}" y="0" width="${f(bw - 2)}" height="${f(horizon)}" fill="${toHex(shade(hex("6d5d4c"), rng.range(0.7, 1.05)))}"/>`,
    );
    if (rng.chance(0.25))
      boards.push(`<rect x="${f(x + bw - 2)}" y="0" width="2" height="${f(horizon)}" fill="#fff4dc" opacity="0.7"/>`);
    x += bw;
  }
  svg.add(boards.join(""));
  const floor = svg.linear(
    [
      [0, "#7d705e"],
      [1, "#4a4136"],
    ],
    0,
    0,
    0,
    1,
  );
  svg.add(`<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#${floor})"/>`);
  const [cx, cy] = cam.project([0, 0, -15]);
  softShadow(svg, cx, cy, cam.scale * 120, cam.scale * 40 * cam.sin + 10, 0.4, 0.7);
  const overlays = layerOverlays(cam, layers, w, h, svg);
  return sharp(svg.buffer()).composite(overlays);
}
