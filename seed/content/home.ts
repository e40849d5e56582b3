import type { SeedAnnouncement, SeedCarouselItem } from "../types.ts";
import { divergenceTable } from "./divergence.ts";
import { img } from "./helpers.ts";
import { pieceLook } from "./recipes.ts";

export const carousel: SeedCarouselItem[] = [
  {
    // The slide about Divergence shows a Divergence table in the room.
    media: img("hero-walnut-dining-room.jpg", {
      kind: "scene",
      scene: "dining-room",
      species: "black walnut",
      piece: pieceLook(divergenceTable("black walnut", "matte black", `96" x 42"`)),
    }),
    title: "Build Your Divergence Table",
    subtitle: "Four species, five sizes, eight base finishes. Made to order in Birdsboro, Pennsylvania.",
    buttonLink: "/divergence",
    buttonText: "Start building",
    isExternal: false,
  },
  {
    media: img("hero-oak-living-room.jpg", { kind: "scene", scene: "living-room", species: "white oak" }),
    title: "Furniture from Pennsylvania Trees",
    subtitle: "Reclaimed and locally felled hardwoods, milled, dried and built by hand.",
    buttonLink: "/shop",
    buttonText: "Shop the collection",
    isExternal: false,
  },
  {
    media: { fileName: "studio-reel.mp4", video: true },
    title: "Inside the Barn",
    subtitle: "From the saw mill to the finishing room: watch a table come to life.",
    buttonLink: "https://www.youtube.com/@haycreekwoodworks",
    buttonText: "Watch on YouTube",
    isExternal: true,
  },
];

export const announcement: SeedAnnouncement = {
  content: "<p>Holiday orders: <strong>commission by December 1</strong> for delivery before the new year.</p>",
  link: "/custom-design",
};
