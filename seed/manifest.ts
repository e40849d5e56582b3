import type { ImageFolder, ImageJob, SeedContent, SeedImage } from "./types.ts";

/** Every image file the seed content refers to, with the recipe to draw it. */
export function imageJobs(content: SeedContent): ImageJob[] {
  const jobs = new Map<string, ImageJob>();
  const add = (folder: ImageFolder, images: SeedImage[]) => {
    for (const image of images)
      jobs.set(`${folder}/${image.fileName}`, { folder, fileName: image.fileName, art: image.art });
  };
  add("studio", content.studio.founderImages);
  for (const p of content.products) {
    // A product of type Divergence keeps its pictures with the Divergence finish imagery (docs/product.md §3).
    add(p.type === "Divergence" ? "divergenceSpeciesFinish" : "products", p.images);
    for (const v of p.variants) {
      add(p.type === "Divergence" ? "divergenceSpeciesFinish" : "products", v.images);
      add("thumbnails", [v.thumbnail]);
    }
  }
  for (const s of content.slabs) add("slabs", s.images);
  for (const b of content.bases) add("bases", b.images);
  add(
    "finishes",
    content.finishes.map((f) => f.image),
  );
  for (const p of content.projects) add("projects", p.images);
  for (const e of content.employees) add("employees", e.images);
  for (const m of content.mediaPosts) add("media", m.images);
  add(
    "media",
    content.campaigns.map((c) => c.image),
  );
  for (const item of content.carousel) if ("art" in item.media) add("carousel", [item.media]);
  add("divergence", content.divergence.generalImagery);
  for (const sp of content.divergence.species) {
    add("divergenceSpecies", sp.speciesGeneralImagery);
    for (const f of sp.speciesFinishes) add("divergenceSpeciesFinish", f.images);
  }
  return [...jobs.values()];
}
