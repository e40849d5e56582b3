/**
 * Team portraits: a softly modelled, featureless head-and-shoulders figure in work clothes, against
 * the workshop thrown out of focus. Abstract on purpose: a believable mood, not a fake person.
 */
import sharp, { type Sharp } from "sharp";
import { hex, type Rgb, shade, toHex } from "./color.ts";
import { hashSeed, Rng } from "./prng.ts";
import { workshopBackdrop } from "./scene-parts.ts";
import { f, Svg } from "./svg.ts";

const SKIN = ["8d5a3b", "c68a62", "e0b08c", "efc6a2", "a8714d", "6a432c", "d9a27e"];
const HAIR = ["1f1a17", "3b2a1f", "6b4a2f", "a67b4f", "8a8580", "2a211c", "c9a27a"];
const SHIRT = ["3f4a56", "6b5b45", "2f3a33", "8a3b2a", "d8d2c6", "4a4038", "55606b"];
const APRON = ["7a5a3a", "4b4f45", "5e4630", "36332e"];

export async function renderPortrait(seed: number, w: number, h: number): Promise<Sharp> {
  const rng = new Rng(hashSeed("portrait", seed));
  // The background is drawn small and enlarged: the enlargement is the lens blur, at no cost.
  const small = new Svg(Math.round(w / 6), Math.round(h / 6));
  workshopBackdrop(small, rng.fork("bg"), 1 / 6);
  const bg = await sharp(small.buffer())
    .resize(w, h, { kernel: "cubic" })
    .blur(2)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const svg = new Svg(w, h);
  drawFigure(svg, rng.fork("figure"));
  return sharp(bg).composite([{ input: svg.buffer(), left: 0, top: 0 }]);
}

function drawFigure(svg: Svg, rng: Rng): void {
  const { w, h } = svg;
  const skin = hex(rng.pick(SKIN));
  const hair = hex(rng.pick(HAIR));
  const shirt = hex(rng.pick(SHIRT));
  const apron = rng.chance(0.7) ? hex(rng.pick(APRON)) : null;
  const cx = w * rng.range(0.44, 0.56);
  const headY = h * rng.range(0.34, 0.4);
  const hr = w * rng.range(0.115, 0.13);
  const turn = rng.range(-0.25, 0.25);
  const lightLeft = rng.chance(0.5);
  const lit = (c: Rgb): string => toHex(shade(c, 1.12));
  const dark = (c: Rgb): string => toHex(shade(c, 0.55));
  const gx = (c: Rgb): string =>
    svg.linear(
      lightLeft
        ? [
            [0, lit(c)],
            [0.55, toHex(c)],
            [1, dark(c)],
          ]
        : [
            [0, dark(c)],
            [0.45, toHex(c)],
            [1, lit(c)],
          ],
      0,
      0,
      1,
      0.2,
    );
  // Shoulders and torso.
  const sw = w * rng.range(0.36, 0.42);
  const sy = headY + hr * 2.05;
  const torso = `M${f(cx - sw)},${f(h + 5)} C${f(cx - sw)},${f(sy + hr * 0.9)} ${f(cx - sw * 0.75)},${f(sy)} ${f(cx - hr * 0.55)},${f(sy - hr * 0.2)} L${f(cx + hr * 0.55)},${f(sy - hr * 0.2)} C${f(cx + sw * 0.75)},${f(sy)} ${f(cx + sw)},${f(sy + hr * 0.9)} ${f(cx + sw)},${f(h + 5)} Z`;
  svg.add(`<path d="${torso}" fill="url(#${gx(shirt)})"/>`);
  if (apron) {
    const aw = sw * 0.62;
    const ay = sy + hr * 1.1;
    svg.add(
      `<path d="M${f(cx - aw)},${f(h + 5)} L${f(cx - aw * 0.85)},${f(ay)} Q${f(cx)},${f(ay - hr * 0.25)} ${f(cx + aw * 0.85)},${f(ay)} L${f(cx + aw)},${f(h + 5)} Z" fill="url(#${gx(apron)})"/>`,
    );
    for (const s of [-1, 1]) {
      svg.add(
        `<path d="M${f(cx + s * aw * 0.8)},${f(ay + 4)} L${f(cx + s * hr * 0.75)},${f(sy - hr * 0.1)}" stroke="${toHex(shade(apron, 0.8))}" stroke-width="${f(hr * 0.16)}" stroke-linecap="round"/>`,
      );
    }
  }
  // Neck, then head turned slightly.
  svg.add(
    `<path d="M${f(cx - hr * 0.42)},${f(headY + hr * 0.6)} L${f(cx - hr * 0.5)},${f(sy)} Q${f(cx)},${f(sy + hr * 0.35)} ${f(cx + hr * 0.5)},${f(sy)} L${f(cx + hr * 0.42)},${f(headY + hr * 0.6)} Z" fill="${toHex(shade(skin, 0.72))}"/>`,
  );
  const hx = cx + turn * hr * 0.3;
  const hairStyle = rng.pick(["short", "long", "bun", "cap", "crop"] as const);
  if (hairStyle === "long") drawLongHair(svg, hx, headY, hr, hair);
  const ear = lightLeft ? 1 : -1;
  svg.add(
    `<ellipse cx="${f(hx + ear * hr * 0.86)}" cy="${f(headY + hr * 0.08)}" rx="${f(hr * 0.14)}" ry="${f(hr * 0.24)}" fill="${toHex(shade(skin, 0.8))}"/>`,
  );
  svg.add(
    `<ellipse cx="${f(hx)}" cy="${f(headY)}" rx="${f(hr * 0.86)}" ry="${f(hr * 1.1)}" fill="url(#${gx(skin)})"/>`,
  );
  const jaw = svg.linear(
    [
      [0, "#000", 0],
      [0.7, "#000", 0],
      [1, "#000", 0.28],
    ],
    0,
    0,
    0,
    1,
  );
  svg.add(`<ellipse cx="${f(hx)}" cy="${f(headY)}" rx="${f(hr * 0.86)}" ry="${f(hr * 1.1)}" fill="url(#${jaw})"/>`);
  drawHair(svg, rng, hairStyle, hx, headY, hr, hair);
  // Rim light from the window side.
  const rim = lightLeft ? -1 : 1;
  svg.add(
    `<path d="M${f(hx + rim * hr * 0.84)},${f(headY - hr * 0.5)} Q${f(hx + rim * hr * 0.95)},${f(headY + hr * 0.2)} ${f(hx + rim * hr * 0.6)},${f(headY + hr * 0.95)}" stroke="#fff4e0" stroke-opacity="0.35" stroke-width="${f(hr * 0.05)}" fill="none"/>`,
  );
}

/** Long hair falls behind the head and shoulders, so it is drawn first. */
function drawLongHair(svg: Svg, hx: number, hy: number, hr: number, hair: Rgb): void {
  svg.add(
    `<path d="M${f(hx - hr * 0.95)},${f(hy - hr * 0.2)} C${f(hx - hr * 1.15)},${f(hy + hr * 1.2)} ${f(hx - hr * 1.1)},${f(hy + hr * 2.2)} ${f(hx - hr * 0.6)},${f(hy + hr * 2.4)} L${f(hx + hr * 0.6)},${f(hy + hr * 2.4)} C${f(hx + hr * 1.1)},${f(hy + hr * 2.2)} ${f(hx + hr * 1.15)},${f(hy + hr * 1.2)} ${f(hx + hr * 0.95)},${f(hy - hr * 0.2)} Z" fill="${toHex(shade(hair, 0.85))}"/>`,
  );
}

function drawHair(
  svg: Svg,
  rng: Rng,
  style: "short" | "long" | "bun" | "cap" | "crop",
  hx: number,
  hy: number,
  hr: number,
  hair: Rgb,
): void {
  const c = toHex(hair);
  const hi = toHex(shade(hair, 1.25));
  const g = svg.linear(
    [
      [0, hi],
      [1, c],
    ],
    0,
    0,
    0.4,
    1,
  );
  if (style === "cap") {
    svg.add(
      `<path d="M${f(hx - hr * 0.92)},${f(hy - hr * 0.2)} Q${f(hx)},${f(hy - hr * 1.55)} ${f(hx + hr * 0.92)},${f(hy - hr * 0.2)} Z" fill="${toHex(shade(hex(rng.pick(["3f4a56", "6b5b45", "2f3a33", "8a3b2a"])), 1))}"/>`,
    );
    svg.add(
      `<path d="M${f(hx - hr * 0.95)},${f(hy - hr * 0.22)} L${f(hx + hr * 1.35)},${f(hy - hr * 0.15)}" stroke="#222" stroke-opacity="0.5" stroke-width="${f(hr * 0.1)}"/>`,
    );
    return;
  }
  const top = `M${f(hx - hr * 0.9)},${f(hy + hr * 0.05)} C${f(hx - hr * 1.0)},${f(hy - hr * 1.35)} ${f(hx + hr * 1.0)},${f(hy - hr * 1.35)} ${f(hx + hr * 0.9)},${f(hy + hr * 0.05)} C${f(hx + hr * 0.7)},${f(hy - hr * 0.6)} ${f(hx - hr * 0.7)},${f(hy - hr * 0.6)} ${f(hx - hr * 0.9)},${f(hy + hr * 0.05)} Z`;
  if (style === "bun")
    svg.add(`<circle cx="${f(hx + hr * 0.1)}" cy="${f(hy - hr * 1.15)}" r="${f(hr * 0.38)}" fill="url(#${g})"/>`);
  const thick = style === "crop" ? 0.25 : 1;
  svg.add(`<path d="${top}" fill="url(#${g})" opacity="${f(0.75 + 0.25 * thick)}"/>`);
}
