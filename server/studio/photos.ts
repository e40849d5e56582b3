/**
 * Photos (and the home carousel's films) as the back office takes them from a phone. A photo is
 * read by its bytes, turned upright, scaled to at most 2400 px and stripped of its metadata (a
 * phone's photo carries where it was taken) before it is stored through the file store
 * (deps.files), so every process serves it. A film is checked to be an MP4 and kept as sent.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { ImageRef } from "../../domain/catalog-types.ts";
import { MAX_IMAGE_BYTES } from "../../domain/enquiry.ts";
import { slugify } from "../../domain/text.ts";
import type { AppDeps } from "../deps.ts";
import { sniffImage } from "../enquiries/images.ts";
import { badRequest } from "../http/errors.ts";

/** Photos taken in one submission (the page's form bounds its whole body, server/app.ts). */
export const MAX_PHOTOS_AT_ONCE = 5;
export const MAX_PHOTOS = 12;
/** A carousel film: the page's whole form is bounded at about 52 MB (server/enquiries/desk.ts). */
export const MAX_FILM_BYTES = 40 * 1024 * 1024;
const LONGEST_SIDE = 2400;

export type Photo = { bytes: Uint8Array; alt: string };

/** Reads, turns upright, scales and strips one photo; a file that is not a photo is refused. */
async function preparePhoto(bytes: Uint8Array, field: string): Promise<Buffer> {
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(field, "Each photo can be at most 10 MB.");
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest(field, "Only JPEG, PNG or WebP photos can be added.");
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest(
      field,
      kind.ext === "heic"
        ? "HEIC photos cannot be read here: set the camera to 'Most Compatible', or send JPEG."
        : "A photo could not be read. Try another file.",
    );
  }
}

/** An ISO base media file (MP4): its first box is `ftyp`. */
const isMp4 = (b: Uint8Array) => b.length > 12 && String.fromCharCode(b[4]!, b[5]!, b[6]!, b[7]!) === "ftyp";

const stemOf = (title: string) => slugify(title).slice(0, 40) || "photo";
const unique = () => randomBytes(5).toString("hex");

/** Stores new photos in `folder` and gives their references, in order. */
export async function storePhotos(
  deps: Pick<AppDeps, "files">,
  folder: string,
  title: string,
  photos: Photo[],
  field = "photos",
): Promise<ImageRef[]> {
  const prepared = await Promise.all(photos.map((p) => preparePhoto(p.bytes, field)));
  const refs: ImageRef[] = [];
  for (const [i, bytes] of prepared.entries()) {
    const fileName = `${stemOf(title)}-${unique()}.jpg`;
    await deps.files.put(`images/${folder}/${fileName}`, bytes, "image/jpeg");
    const alt = photos[i]!.alt.trim().slice(0, 200);
    refs.push(alt ? { fileName, alt } : { fileName });
  }
  return refs;
}

/** Stores one photo, or (where `films` allows) one MP4 film as sent; gives its file name. */
export async function storeOneFile(
  deps: Pick<AppDeps, "files">,
  folder: string,
  title: string,
  bytes: Uint8Array,
  opts: { films: boolean; field: string },
): Promise<string> {
  if (opts.films && isMp4(bytes)) {
    if (bytes.length > MAX_FILM_BYTES) throw badRequest(opts.field, "A film can be at most 40 MB.");
    const fileName = `${stemOf(title)}-${unique()}.mp4`;
    await deps.files.put(`images/${folder}/${fileName}`, bytes, "video/mp4");
    return fileName;
  }
  const [ref] = await storePhotos(deps, folder, title, [{ bytes, alt: "" }], opts.field);
  return ref!.fileName;
}

/** The square picture a material's swatch shows (50 px, drawn at twice that), as its file name. */
export const swatchName = (photo: string) => `swatch-${photo.replace(/\.[a-z0-9]+$/i, "")}.jpg`;

/**
 * Makes the swatch of a material variant from its first photo (images/thumbnails/, where the
 * piece's page looks for it), unless it is there already; gives its file name.
 */
export async function storeSwatch(deps: Pick<AppDeps, "files">, folder: string, photo: string): Promise<string> {
  const name = swatchName(photo);
  const key = `images/thumbnails/${name}`;
  if (await deps.files.head(key)) return name;
  const source = await deps.files.get(`images/${folder}/${photo}`);
  if (!source) throw badRequest("photos", "The first photo could not be read for the material's swatch.");
  const bytes = await sharp(source.bytes).resize(100, 100, { fit: "cover" }).jpeg({ quality: 82 }).toBuffer();
  await deps.files.put(key, bytes, "image/jpeg");
  return name;
}

/** What a form says of the photos already there: their order, their alt text, which go. */
export type PhotoEdits = { order: string[]; alt: Record<string, string>; remove: string[] };

/** The photos kept after `edits`, in their new order with their new alt text. */
export function applyPhotoEdits(images: ImageRef[], edits: PhotoEdits): ImageRef[] {
  const position = (f: string) => {
    const i = edits.order.indexOf(f);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return images
    .filter((img) => !edits.remove.includes(img.fileName))
    .map((img) => {
      const alt = (edits.alt[img.fileName] ?? img.alt ?? "").trim().slice(0, 200);
      return alt ? { fileName: img.fileName, alt } : { fileName: img.fileName };
    })
    .sort((a, b) => position(a.fileName) - position(b.fileName));
}

/**
 * The photos a form saves (`next`), and after them those another page added since this form
 * read the item (in `now`, the row as it is, but not in `read`): a save never drops them.
 */
export function keepAddedSince(next: ImageRef[], read: ImageRef[], now: ImageRef[]): ImageRef[] {
  const known = new Set(read.map((i) => i.fileName));
  return [...next, ...now.filter((i) => !known.has(i.fileName))];
}

/**
 * What a form does to an item's photos (`read`, as the form was drawn; none for a new item):
 * the edits applied, the counts checked (`least` at the fewest), the new photos stored after the
 * kept ones. Gives the list to save; save it with keepAddedSince, inside the write.
 */
export async function editedPhotos(
  deps: Pick<AppDeps, "files">,
  read: ImageRef[],
  change: { added: Photo[]; edits?: PhotoEdits },
  opts: { folder: string; title: string; what: string; least: number },
): Promise<ImageRef[]> {
  const kept = change.edits ? applyPhotoEdits(read, change.edits) : read;
  checkPhotoCounts({ kept: kept.length, added: change.added.length }, opts.what, {
    least: opts.least,
    creating: read.length === 0,
  });
  return [...kept, ...(await storePhotos(deps, opts.folder, opts.title, change.added))];
}

/**
 * Refuses more photos at once, or in all, than a `what` may have, and fewer than `least`
 * (`creating`: nothing is there yet, so the words ask for one).
 */
export function checkPhotoCounts(
  counts: { kept: number; added: number },
  what: string,
  opts: { least: number; creating: boolean },
) {
  const { kept, added } = counts;
  if (added > MAX_PHOTOS_AT_ONCE) throw badRequest("photos", `Add at most ${MAX_PHOTOS_AT_ONCE} photos at a time.`);
  if (kept + added < opts.least)
    throw badRequest("photos", opts.creating ? "Add at least one photo." : `A ${what} keeps at least one photo.`);
  if (kept + added > MAX_PHOTOS) throw badRequest("photos", `A ${what} has at most ${MAX_PHOTOS} photos.`);
}
