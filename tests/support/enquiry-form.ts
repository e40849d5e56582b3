/**
 * The contact form as the enquiry tests post it: a complete "Dining Table" enquiry, and the
 * multipart body of any fields with photos.
 */
export const contactFields = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "717 555 0100",
  contactMethod: "Email",
  enquiryType: "Dining Table",
  details: "A walnut table for eight, with a live edge please.",
  baseType: "Metal base",
  edgeType: "Live edge",
  honeyPot: "",
};

/** A multipart body of `fields` and `files` (JPEG unless a type is given), as a browser posts the form. */
export function form(
  fields: Record<string, string>,
  files: { name: string; bytes: Uint8Array; filename?: string; type?: string }[] = [],
) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const file of files)
    f.append(
      file.name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }),
      file.filename ?? `${file.name}.jpg`,
    );
  return f;
}
