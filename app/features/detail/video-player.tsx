import { youTubeEmbedUrl } from "../../../domain/video.ts";

/** Plays YouTube links only; any other address shows 'Unable to load video.' with a link (docs/product.md §2). */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const embed = youTubeEmbedUrl(url);
  if (!embed) {
    const linkable = /^https?:\/\//i.test(url.trim());
    return (
      <div className="detail-video detail-video--error">
        <p>Unable to load video.</p>
        {linkable && (
          <a href={url} target="_blank" rel="noopener noreferrer">
            Watch it where it is hosted
          </a>
        )}
      </div>
    );
  }
  return (
    <div className="detail-video">
      <iframe
        src={embed}
        title={title}
        width={1280}
        height={720}
        loading="lazy"
        // Full screen comes from the allow list: the legacy allowfullscreen beside it only makes Chromium warn.
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
