import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import * as t from "../server/db/schema.ts";
import { baseSearchText, productSearchText, slabSearchText } from "../server/search/search-text.ts";
import { recordDemoRows } from "./demo-rows.ts";
import type { SeedContent, SeedImage } from "./types.ts";

const refs = (images: SeedImage[]) => images.map((i) => ({ fileName: i.fileName }));
const videos = (urls: string[]) => urls.map((url) => ({ url }));
const SEED_LOCK = 72_410_002;

/**
 * Stores the seed studio when the database has none yet; a seeded database is left as it is,
 * so running it again changes nothing. One transaction: a crash leaves no half-seeded studio.
 * Returns whether it seeded.
 */
export async function seedDatabase(db: Db, content: SeedContent): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent seeders on PostgreSQL (several app processes starting at once).
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: t.studioConfig.id }).from(t.studioConfig).limit(1);
    if (existing.length > 0) return false;

    const s = content.studio;
    await tx.insert(t.studioConfig).values({
      id: 1,
      name: s.name,
      shortName: s.shortName,
      legalName: s.legalName,
      tagline: s.tagline,
      street: s.street,
      city: s.city,
      state: s.state,
      zip: s.zip,
      country: s.country,
      email: s.email,
      phone: s.phone,
      hours: s.hours,
      socials: s.socials,
      founderName: s.founderName,
      founderSlug: s.founderSlug,
      founderBio: s.founderBio,
      founderImages: refs(s.founderImages),
      story: s.story,
      storyVideoUrl: s.storyVideoUrl,
      leadTrackingScriptUrl: s.leadTrackingScriptUrl,
      // A Pennsylvania studio collects PA sales tax on what it delivers in PA, delivery included.
      salesTax: [{ state: "PA", rate: 6, delivery: true }],
    });

    for (const [i, p] of content.products.entries()) {
      const [parent] = await tx
        .insert(t.products)
        .values({
          title: p.title,
          category: p.category,
          price: p.price,
          salePrice: p.salePrice,
          stock: p.stock,
          tag: p.tag,
          visibility: p.visibility,
          lightText: p.lightText,
          images: refs(p.images),
          videos: videos(p.videos),
          inventoryId: p.inventoryId,
          specification: p.specification,
          grain: p.grain,
          description: p.description,
          customShipping: p.customShipping,
          length: p.length,
          width: p.width,
          height: p.height,
          weight: p.weight,
          type: p.type,
          status: p.status,
          material: p.material,
          liveEdge: p.liveEdge,
          topFinish: p.topFinish,
          seoTitle: p.seo.title,
          seoDescription: p.seo.description,
          sortOrder: i,
          searchText: productSearchText(p),
        })
        .returning({ id: t.products.id });
      if (p.variants.length === 0) continue;
      await tx.insert(t.products).values(
        p.variants.map((v, j) => ({
          parentId: parent!.id,
          variantType: v.variantType,
          thumbnail: v.thumbnail.fileName,
          title: v.title,
          category: p.category,
          price: v.price,
          salePrice: v.salePrice,
          stock: v.stock,
          tag: p.tag,
          visibility: p.visibility,
          lightText: p.lightText,
          images: refs(v.images),
          videos: videos(p.videos),
          inventoryId: v.inventoryId,
          specification: p.specification,
          grain: p.grain,
          description: p.description,
          customShipping: p.customShipping,
          length: v.length,
          width: v.width,
          height: v.height,
          weight: v.weight,
          type: p.type,
          status: p.status,
          material: v.material ?? p.material,
          liveEdge: p.liveEdge,
          topFinish: p.topFinish,
          seoTitle: v.title,
          seoDescription: p.seo.description,
          sortOrder: j,
          // A variant is found by its parent's name too ("Conestoga table 96").
          searchText: productSearchText({
            title: `${p.title} ${v.title}`,
            category: p.category,
            material: v.material ?? p.material,
          }),
        })),
      );
    }

    await tx.insert(t.slabs).values(
      content.slabs.map((slab, i) => ({
        ...slab,
        images: refs(slab.images),
        sortOrder: i,
        searchText: slabSearchText(slab),
      })),
    );
    await tx
      .insert(t.bases)
      .values(
        content.bases.map((b, i) => ({ ...b, images: refs(b.images), sortOrder: i, searchText: baseSearchText(b) })),
      );
    await tx
      .insert(t.finishes)
      .values(
        content.finishes.map((f, i) => ({ name: f.name, kind: f.kind, imageFileName: f.image.fileName, sortOrder: i })),
      );
    await tx
      .insert(t.portfolioProjects)
      .values(content.projects.map((p, i) => ({ ...p, images: refs(p.images), sortOrder: i })));
    await tx.insert(t.testimonials).values(content.testimonials.map((r, i) => ({ ...r, sortOrder: i })));
    await tx
      .insert(t.employees)
      .values(content.employees.map((e, i) => ({ ...e, images: refs(e.images), sortOrder: i })));
    await tx.insert(t.faqSections).values(content.faqs.map((f, i) => ({ ...f, sortOrder: i })));
    await tx.insert(t.mediaPosts).values(
      content.mediaPosts.map((m) => ({
        title: m.title,
        content: m.content,
        date: new Date(m.date),
        images: refs(m.images),
        videos: videos(m.videos),
        seoTitle: m.seo.title,
        seoDescription: m.seo.description,
      })),
    );
    await tx.insert(t.campaigns).values(
      content.campaigns.map((c) => ({
        campaignId: c.campaignId,
        title: c.title,
        description: c.description,
        imageUrl: `images/media/${c.image.fileName}`,
        createdDate: new Date(c.createdDate),
        html: c.html,
      })),
    );
    await tx.insert(t.carouselItems).values(
      content.carousel.map((item, i) => ({
        fileName: item.media.fileName,
        title: item.title,
        subtitle: item.subtitle,
        buttonLink: item.buttonLink,
        buttonText: item.buttonText,
        isExternal: item.isExternal,
        sortOrder: i,
      })),
    );
    await tx.insert(t.announcements).values({ ...content.announcement, active: true });

    const d = content.divergence;
    await tx.insert(t.divergenceMetadata).values({
      divergenceId: 1,
      title: d.title,
      description: d.description,
      specification: d.specification,
      liveEdgePrice: d.liveEdgePrice,
      ceramicCoatingPrice: d.ceramicCoatingPrice,
      generalImagery: refs(d.generalImagery),
    });
    for (const [i, sp] of d.species.entries()) {
      const [row] = await tx
        .insert(t.divergenceSpecies)
        .values({
          divergenceId: 1,
          name: sp.name,
          speciesGeneralImagery: refs(sp.speciesGeneralImagery),
          speciesFinishes: sp.speciesFinishes.map((f) => ({ name: f.name, images: refs(f.images) })),
          sortOrder: i,
        })
        .returning({ id: t.divergenceSpecies.id });
      await tx
        .insert(t.divergenceSizes)
        .values(
          sp.sizes.map((z, j) => ({ speciesId: row!.id, size: z.size, price: z.price, stock: z.stock, sortOrder: j })),
        );
    }
    // What the seed wrote, so that removing the demo takes it and nothing the studio adds.
    await recordDemoRows(tx);
    return true;
  });
}
