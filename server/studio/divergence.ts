/**
 * The Divergence table's prices and stock as the studio edits them: the live-edge and ceramic
 * coating prices, and each species' sizes with their price and stock (a size without stock is
 * built to order). The shop's builder and the checkout read the same rows, so a new price is
 * what the next cart is charged; a cart priced before gets the 409 with it.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { AMOUNT } from "../../domain/format.ts";
import { divergenceMetadata, divergenceSizes, divergenceSpecies } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

const amount = (name: string) =>
  z.string().trim().regex(AMOUNT, `${name}: enter an amount such as 450 or 450.00.`).transform(Number);

const sizeRow = z.object({
  id: z.number().int().positive(),
  size: z
    .string()
    .trim()
    .min(1, 'A size needs its name, such as 72" x 40".')
    .max(40, "A size's name can be at most 40 characters."),
  price: amount("Price"),
  stock: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, "Stock: a whole number; 0 is built to order.")
    .transform(Number),
});

export const divergenceForm = z.object({
  liveEdgePrice: amount("Live edge"),
  ceramicCoatingPrice: amount("Ceramic coating"),
  sizes: z.array(sizeRow).max(200),
});

export async function getDivergenceForStudio(deps: Pick<AppDeps, "database">) {
  const db = deps.database.db;
  const [meta] = await db.select().from(divergenceMetadata).limit(1);
  if (!meta) return null;
  const species = await db
    .select({ id: divergenceSpecies.id, name: divergenceSpecies.name })
    .from(divergenceSpecies)
    .where(eq(divergenceSpecies.divergenceId, meta.divergenceId))
    .orderBy(asc(divergenceSpecies.sortOrder), asc(divergenceSpecies.id));
  const sizes = species.length
    ? await db
        .select()
        .from(divergenceSizes)
        .where(
          inArray(
            divergenceSizes.speciesId,
            species.map((s) => s.id),
          ),
        )
        .orderBy(asc(divergenceSizes.sortOrder), asc(divergenceSizes.id))
    : [];
  return {
    meta: { title: meta.title, liveEdgePrice: meta.liveEdgePrice, ceramicCoatingPrice: meta.ceramicCoatingPrice },
    species: species.map((s) => ({ ...s, sizes: sizes.filter((z) => z.speciesId === s.id) })),
  };
}

/** Saves the add-on prices and every size's price and stock in one transaction. */
export async function saveDivergence(
  deps: Pick<AppDeps, "database" | "changes">,
  who: StaffAccount,
  values: {
    liveEdgePrice: string;
    ceramicCoatingPrice: string;
    sizes: { id: number; size: string; price: string; stock: string }[];
  },
) {
  const parsed = divergenceForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path;
    const field =
      path[0] === "sizes" ? `size-${values.sizes[Number(path[1])]?.id}-${String(path[2])}` : String(path[0]);
    throw badRequest(field, issue.message);
  }
  const input = parsed.data;
  await deps.database.db.transaction(async (tx) => {
    const [meta] = await tx.select().from(divergenceMetadata).limit(1).for("update");
    if (!meta) throw badRequest("form", "The Divergence table is not set up.");
    const ids = input.sizes.map((s) => s.id);
    const before = ids.length
      ? await tx.select().from(divergenceSizes).where(inArray(divergenceSizes.id, ids)).for("update")
      : [];
    if (before.length !== ids.length) throw badRequest("form", "A size was removed meanwhile: reload the page.");
    await tx
      .update(divergenceMetadata)
      .set({ liveEdgePrice: input.liveEdgePrice, ceramicCoatingPrice: input.ceramicCoatingPrice })
      .where(eq(divergenceMetadata.divergenceId, meta.divergenceId));
    for (const s of input.sizes)
      await tx
        .update(divergenceSizes)
        .set({ size: s.size, price: s.price, stock: s.stock })
        .where(eq(divergenceSizes.id, s.id));
    const changed = input.sizes.filter((s) => {
      const b = before.find((x) => x.id === s.id)!;
      return b.size !== s.size || b.price !== s.price || b.stock !== s.stock;
    });
    await audit(tx, who, {
      action: "divergence.update",
      entity: "divergence",
      entityId: meta.divergenceId,
      before: {
        liveEdgePrice: meta.liveEdgePrice,
        ceramicCoatingPrice: meta.ceramicCoatingPrice,
        sizes: changed.map((s) => before.find((x) => x.id === s.id)),
      },
      after: { liveEdgePrice: input.liveEdgePrice, ceramicCoatingPrice: input.ceramicCoatingPrice, sizes: changed },
    });
  });
  deps.changes.publish();
}
