/** The only video links the detail page plays (docs/product.md §2): YouTube embed, watch, youtu.be and shorts. */

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIDEO_ID = /^[\w-]{11}$/;

/** The video id of a supported YouTube link; null for any other URL. */
export function youTubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    id = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch") id = parsed.searchParams.get("v");
    else if (segments.length === 2 && (segments[0] === "embed" || segments[0] === "shorts")) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed address of a supported link, or null when the link cannot be played. */
export function youTubeEmbedUrl(url: string): string | null {
  const id = youTubeId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
