/**
 * The HTML part of every mail to a buyer (docs/product.md, "Mail to buyers"): the studio's name
 * at the head, what the mail says, each piece with its picture, the amounts and when it ships, a
 * button to the order's page, and the studio's address at the foot. React components rendered
 * to static markup on the server, with inline styles and a single 600 px column (mail programs
 * ignore style sheets and most layout); the plain-text part beside it says the same.
 */
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type MailStudio = { name: string; email: string; postal?: string; phone?: string };

export type MailLine = {
  title: string;
  /** The choices of a configured table, e.g. "72" x 40" · square edge · Matte Black base". */
  details?: string | null;
  quantity: number;
  total: string;
  /** An absolute address of the piece's picture. */
  pictureUrl?: string | null;
  /** "Ships by Dec 1", "Built to order … · Ships Jan 21 – Feb 18, 2027". */
  ships?: string | null;
};

export type BuyerMail = {
  studio: MailStudio;
  /** The line in the inbox preview. */
  preview: string;
  heading: string;
  paragraphs: string[];
  lines?: MailLine[];
  sums?: { label: string; value: string; strong?: boolean }[];
  /** Shown in a box of its own: the ship window, or the tracking number. */
  note?: { label: string; value: string } | null;
  pageUrl?: string | null;
  /** The button's words ("Follow your order"). */
  action?: string;
  /** Under the button: what its page is (default: the order's page, opened without an account). */
  pageNote?: string;
};

// The shop's colours and faces (docs/design.md), spelled out for mail programs.
const PAPER = "#f6f2ea";
const CARD = "#fffdf9";
const INK = "#1d1b18";
const MUTED = "#6b645a";
const RULE = "#d8cfc2";
const ACCENT = "#6b4a2f";
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

// Lining figures of one width: an order number quoted in the text reads the same in every face.
const text: CSSProperties = {
  fontFamily: SANS,
  fontSize: 15,
  lineHeight: "24px",
  color: INK,
  margin: "0 0 16px",
  fontVariantNumeric: "lining-nums tabular-nums",
};
const muted: CSSProperties = { ...text, fontSize: 13, lineHeight: "20px", color: MUTED, margin: 0 };

function Lines({ lines }: { lines: MailLine[] }) {
  // Pieces made for the buyer from a quote have no picture yet: no empty column for one.
  const pictured = lines.some((l) => l.pictureUrl);
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderTop: `1px solid ${RULE}` }}>
      <tbody>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static markup, rendered once
          <tr key={i}>
            {pictured ? (
              <td width={88} valign="top" style={{ padding: "16px 16px 16px 0", borderBottom: `1px solid ${RULE}` }}>
                {l.pictureUrl ? (
                  <img
                    src={l.pictureUrl}
                    width={72}
                    height={72}
                    alt=""
                    style={{ display: "block", borderRadius: 4, objectFit: "cover", background: PAPER }}
                  />
                ) : null}
              </td>
            ) : null}
            <td valign="top" style={{ padding: "16px 0", borderBottom: `1px solid ${RULE}` }}>
              <p style={{ ...text, margin: 0, fontWeight: 600 }}>
                {l.quantity} × {l.title}
              </p>
              {l.details ? <p style={muted}>{l.details}</p> : null}
              {l.ships ? <p style={{ ...muted, color: ACCENT }}>{l.ships}</p> : null}
            </td>
            <td
              valign="top"
              align="right"
              style={{
                ...text,
                padding: "16px 0 16px 12px",
                margin: 0,
                whiteSpace: "nowrap",
                borderBottom: `1px solid ${RULE}`,
              }}
            >
              {l.total}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sums({ sums }: { sums: NonNullable<BuyerMail["sums"]> }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ marginTop: 12 }}>
      <tbody>
        {sums.map((s) => (
          <tr key={s.label}>
            <td style={{ ...text, margin: 0, padding: "4px 0", fontWeight: s.strong ? 600 : 400 }}>{s.label}</td>
            <td align="right" style={{ ...text, margin: 0, padding: "4px 0", fontWeight: s.strong ? 600 : 400 }}>
              {s.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <div style={{ padding: "0 32px", ...style }}>{children}</div>;
}

function Mail(m: BuyerMail) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{m.heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: PAPER }}>
        {/* What the inbox shows beside the subject, not in the mail itself. */}
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{m.preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: PAPER }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, background: CARD, border: `1px solid ${RULE}`, borderRadius: 6 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "28px 0 8px" }}>
                        <Section>
                          <p style={{ fontFamily: SERIF, fontSize: 22, color: INK, margin: "0 0 24px" }}>
                            {m.studio.name}
                          </p>
                          <h1
                            style={{
                              fontFamily: SERIF,
                              fontSize: 28,
                              lineHeight: "34px",
                              fontWeight: 400,
                              color: INK,
                              margin: "0 0 16px",
                            }}
                          >
                            {m.heading}
                          </h1>
                          {m.paragraphs.map((p) => (
                            <p key={p} style={text}>
                              {p}
                            </p>
                          ))}
                          {m.note ? (
                            <div
                              style={{
                                background: PAPER,
                                borderLeft: `4px solid ${ACCENT}`,
                                padding: "12px 16px",
                                margin: "8px 0 24px",
                              }}
                            >
                              <p
                                style={{ ...muted, textTransform: "uppercase", letterSpacing: "0.08em", fontSize: 11 }}
                              >
                                {m.note.label}
                              </p>
                              <p style={{ ...text, margin: 0, fontWeight: 600 }}>{m.note.value}</p>
                            </div>
                          ) : null}
                          {m.lines && m.lines.length > 0 ? <Lines lines={m.lines} /> : null}
                          {m.sums && m.sums.length > 0 ? <Sums sums={m.sums} /> : null}
                          {m.pageUrl ? (
                            <p style={{ margin: "28px 0 8px" }}>
                              <a
                                href={m.pageUrl}
                                style={{
                                  display: "inline-block",
                                  background: INK,
                                  color: CARD,
                                  fontFamily: SANS,
                                  fontSize: 13,
                                  letterSpacing: "0.12em",
                                  textTransform: "uppercase",
                                  textDecoration: "none",
                                  padding: "14px 24px",
                                  borderRadius: 2,
                                }}
                              >
                                {m.action ?? "Follow your order"}
                              </a>
                            </p>
                          ) : null}
                          {m.pageUrl ? (
                            <p style={{ ...muted, margin: "0 0 24px" }}>
                              {m.pageNote ?? "The page opens your order without an account: keep its link to yourself."}
                            </p>
                          ) : null}
                        </Section>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ borderTop: `1px solid ${RULE}`, padding: "20px 0 28px" }}>
                        <Section>
                          <p style={muted}>
                            {m.studio.name}
                            {m.studio.postal ? ` · ${m.studio.postal}` : ""}
                          </p>
                          <p style={muted}>
                            Reply to this mail, or write to{" "}
                            <a href={`mailto:${m.studio.email}`} style={{ color: MUTED }}>
                              {m.studio.email}
                            </a>
                            {m.studio.phone ? ` · ${m.studio.phone}` : ""}
                          </p>
                        </Section>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The mail as an HTML document. */
export const renderBuyerMail = (m: BuyerMail): string => `<!doctype html>${renderToStaticMarkup(<Mail {...m} />)}`;

/** The absolute address of a picture in the size a mail shows it (JPEG: not every mail program shows WebP). */
export function mailPictureUrl(origin: string, picture: { folder: string; fileName: string } | null | undefined) {
  if (!picture) return null;
  const q = new URLSearchParams({
    filePath: `images/${picture.folder}/${picture.fileName}`,
    width: "144",
    height: "144",
    quality: "80",
    format: "jpeg",
  });
  return `${origin}/api/images/optimize?${q.toString()}`;
}
