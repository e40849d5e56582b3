import type { Page, Route } from "@playwright/test";
import { PRELOAD_TIMEOUT_MS } from "../../app/features/detail/use-gallery-preload.ts";
import type { Product } from "../../domain/catalog-types.ts";
import { expect, expectConsoleErrors, test } from "./support/fixtures.ts";

/** A piece with at least three pictures, and the address of its page. */
async function pieceWithPictures(page: Page) {
  const products = (await (await page.request.get("/api/Products")).json()) as Product[];
  const piece = products.find((p) => p.productId === null && p.images.length >= 3);
  if (!piece) throw new Error("the seed has a piece with three pictures");
  return { path: `/products/${piece.id}`, files: piece.images.map((i) => i.fileName) };
}

/** The gallery's pictures (detail size, quality 99) other than the first, each answered by `answer`. */
async function holdTheOtherPictures(page: Page, first: string, answer: (route: Route, file: string) => unknown) {
  await page.route(
    (url) => url.pathname === "/api/images/optimize" && url.searchParams.get("quality") === "99",
    (route) => {
      const file = new URL(route.request().url()).searchParams.get("filePath")?.split("/").pop() ?? "";
      return file === first ? route.continue() : answer(route, file);
    },
  );
}

/** Opens the page without waiting for its load event, which held pictures could hold back. */
async function openWithoutLoad(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("the gallery's loader stays until every picture is preloaded, not just the first", async ({ page }) => {
  const { path, files } = await pieceWithPictures(page);
  const requested = new Set<string>();
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  await holdTheOtherPictures(page, files[0]!, async (route, file) => {
    requested.add(file);
    await released;
    await route.continue();
  });
  await openWithoutLoad(page, path);

  const gallery = page.getByRole("region", { name: /^Images of / });
  const loader = gallery.locator(".gallery__progress");
  // The first picture shows at once; the others are asked for without being swiped to.
  await expect(gallery.locator(".gallery__frame.is-ready")).toBeVisible();
  await expect.poll(() => [...requested].sort()).toEqual(files.slice(1).sort());
  await expect(loader).toBeVisible();
  await expect(gallery).toHaveAttribute("aria-busy", "true");

  release();
  await expect(loader).toBeHidden();
  await expect(gallery).not.toHaveAttribute("aria-busy");
});

test("a broken or hanging picture holds the loader no longer than its time limit", async ({ page }) => {
  expectConsoleErrors();
  const { path, files } = await pieceWithPictures(page);
  await page.clock.install();
  // The second picture is missing; the third never answers.
  await holdTheOtherPictures(page, files[0]!, (route, file) =>
    file === files[1] ? route.fulfill({ status: 404, body: "" }) : new Promise(() => {}),
  );
  await openWithoutLoad(page, path);

  const gallery = page.getByRole("region", { name: /^Images of / });
  const loader = gallery.locator(".gallery__progress");
  await expect(gallery.locator(".gallery__frame.is-ready")).toBeVisible();
  await expect(loader).toBeVisible();
  await page.clock.runFor(PRELOAD_TIMEOUT_MS);
  await expect(loader).toBeHidden();
  await expect(gallery).not.toHaveAttribute("aria-busy");
});
