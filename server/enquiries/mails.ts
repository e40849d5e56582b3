/** The studio's copy of an enquiry or commission: readable text and HTML, photos attached. */
import type { OutgoingMail } from "../mail/outbox.ts";

const LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  contactMethod: "Preferred contact",
  enquiryType: "Enquiry type",
  interest: "Interested in",
  details: "Details",
  color: "Colour",
  seats: "Seats",
  budget: "Budget",
  baseType: "Base type",
  edgeType: "Edge type",
  location: "Location",
  type: "What they would like made",
  species: "Species",
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function enquiryMail(o: {
  kind: "contact" | "custom";
  id: number;
  to: string;
  studioName: string;
  fields: Record<string, string>;
  images: { path: string; fileName: string; contentType: string }[];
}): OutgoingMail {
  const name = `${o.fields.firstName ?? ""} ${o.fields.lastName ?? ""}`.trim();
  const rows = Object.entries(LABELS)
    .filter(([key]) => (o.fields[key] ?? "").trim() !== "")
    .map(([key, label]) => [label, (o.fields[key] ?? "").trim()] as const);
  const what = o.kind === "custom" ? "Custom design request" : `Enquiry: ${o.fields.enquiryType || "General Inquiry"}`;
  const photos = o.images.length ? `${o.images.length} photo(s) attached.` : "No photos.";
  const text = [
    `${what} from ${name} (#${o.id})`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value.includes("\n") ? `\n${value}` : value}`),
    "",
    photos,
    "",
    "Reply to this mail to answer them.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1d1b18">
<h1 style="font-weight:500;font-size:22px">${escapeHtml(what)}</h1>
<p>From ${escapeHtml(name)} (#${o.id}). Reply to this mail to answer them.</p>
<table cellpadding="6" style="border-collapse:collapse;font-family:Arial,sans-serif;font-size:14px">
${rows
  .map(
    ([label, value]) =>
      `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd;color:#6b6258">${escapeHtml(label)}</th><td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>
<p style="font-family:Arial,sans-serif;font-size:13px;color:#6b6258">${escapeHtml(photos)}</p>
</body></html>`;
  return {
    kind: o.kind === "custom" ? "custom-design" : "enquiry",
    to: o.to,
    replyTo: o.fields.email,
    subject: `${what} from ${name}`,
    text,
    html,
    attachments: o.images.map((i) => ({ path: i.path, filename: i.fileName, contentType: i.contentType })),
  };
}
