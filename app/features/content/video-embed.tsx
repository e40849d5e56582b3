import { useState } from "react";
import { youTubeEmbedUrl } from "../../../domain/video.ts";
import "./content.css";

/**
 * A YouTube film behind a poster: the player (and its megabyte of script) loads only when asked
 * for. Links that are not YouTube show the spec's fallback with the plain link.
 */
export function VideoEmbed({ url, title, poster }: { url: string; title: string; poster?: string }) {
  const [playing, setPlaying] = useState(false);
  const embed = youTubeEmbedUrl(url);
  if (!embed) {
    return (
      <div className="video video--failed">
        <p>Unable to load video.</p>
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open the video
        </a>
      </div>
    );
  }
  return (
    <div className="video">
      {playing ? (
        <iframe
          src={`${embed}?autoplay=1&rel=0`}
          title={title}
          // Full screen comes from the allow list: the legacy allowfullscreen beside it only makes Chromium warn.
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="video__poster" onClick={() => setPlaying(true)}>
          {poster && <img src={poster} alt="" width={1280} height={720} loading="lazy" decoding="async" />}
          <span className="video__play" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
          <span className="video__label">Play: {title}</span>
        </button>
      )}
    </div>
  );
}
