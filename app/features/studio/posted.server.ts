/**
 * What a back-office form drawn from field specs (item-form.tsx) posts, read back: the fields'
 * text, the question rows of a FAQ, the photos chosen, and the edits of the photos already there.
 */
import type { FieldSpec } from "../../../domain/catalog-fields.ts";
import type { OneFile } from "../../../server/studio/collections.ts";
import type { Photo, PhotoEdits } from "../../../server/studio/photos.ts";
import { field } from "./guard.server.ts";

/** More question rows than a form may post are not read (server/studio/fields.ts refuses past 40). */
const MAX_QA_ROWS = 60;

/** The posted text of each field; a question list's rows come as one JSON array, as the server reads it. */
export function postedFields(fields: readonly FieldSpec[], form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (f.type !== "qa") {
      out[f.name] = field(form, f.name);
      continue;
    }
    const rows: { question: string; answer: string }[] = [];
    for (let i = 0; i < MAX_QA_ROWS; i++) {
      const question = field(form, `${f.name}-question-${i}`);
      const answer = field(form, `${f.name}-answer-${i}`);
      if (question || answer) rows.push({ question, answer });
    }
    out[f.name] = JSON.stringify(rows);
  }
  return out;
}

const files = (form: FormData, name: string) =>
  form.getAll(name).filter((f): f is File => typeof f !== "string" && f.size > 0);

/** The files chosen in the form's photo picker (a picker left empty sends one empty file). */
export async function postedPhotos(form: FormData): Promise<Photo[]> {
  return Promise.all(
    files(form, "photos").map(async (f) => ({ bytes: new Uint8Array(await f.arrayBuffer()), alt: "" })),
  );
}

/** The one file of a slide or a finish, when one was chosen. */
export async function postedFile(form: FormData): Promise<OneFile> {
  const [f] = files(form, "file");
  return f ? { bytes: new Uint8Array(await f.arrayBuffer()) } : null;
}

/** Each photo already there posts its name, its place (a number the person may change) and its alt text. */
export function postedPhotoEdits(form: FormData): PhotoEdits {
  const order = form
    .getAll("photo")
    .filter((v): v is string => typeof v === "string")
    .map((fileName, i) => ({ fileName, place: Number(field(form, `place-${fileName}`)) || i + 1 }))
    .sort((a, b) => a.place - b.place)
    .map((p) => p.fileName);
  const alt: Record<string, string> = {};
  for (const fileName of order) alt[fileName] = field(form, `alt-${fileName}`);
  const remove = form.getAll("remove").filter((v): v is string => typeof v === "string");
  return { order, alt, remove };
}
