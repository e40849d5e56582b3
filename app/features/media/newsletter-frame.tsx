import { useEffect, useRef } from "react";
import { campaignFrameHtml } from "../../../domain/campaign-frame.ts";

/**
 * The sandbox: no scripts, no forms, no plugins. `allow-same-origin` lets this page read the
 * e-mail's size to fit the frame to it (the e-mail itself still runs nothing: that would need
 * allow-scripts too); links may replace the page on a click (the e-mail's links target the top,
 * see campaignFrameHtml) or open a new tab that is not sandboxed.
 */
const SANDBOX = "allow-same-origin allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox";

/**
 * Sizes the frame to the e-mail: as tall as its content, and an e-mail wider than the frame (a
 * fixed-width layout on a phone) zoomed down to fit rather than cropped. Runs again whenever the
 * frame's width or the e-mail's height changes (its pictures arriving, the screen turning).
 */
function fitToContent(frame: HTMLIFrameElement): () => void {
  let observer: ResizeObserver | undefined;
  const fit = () => {
    const root = frame.contentDocument?.documentElement;
    if (!root || frame.clientWidth === 0) return;
    root.style.overflow = "hidden";
    root.style.zoom = "";
    const scale = Math.min(1, frame.clientWidth / root.scrollWidth);
    if (scale < 1) root.style.zoom = String(scale);
    // The zoomed size, as the frame shows it, inside the frame's own border.
    const border = frame.offsetHeight - frame.clientHeight;
    frame.style.height = `${Math.ceil(root.getBoundingClientRect().height) + border}px`;
  };
  const watch = () => {
    observer?.disconnect();
    const body = frame.contentDocument?.body;
    if (!body) return;
    observer = new ResizeObserver(fit);
    observer.observe(frame);
    observer.observe(body);
  };
  frame.addEventListener("load", watch);
  // The document may have finished loading before this page hydrated.
  if (frame.contentDocument?.readyState === "complete") watch();
  return () => {
    frame.removeEventListener("load", watch);
    observer?.disconnect();
  };
}

/** One newsletter campaign, in a frame of its own: its HTML and styles cannot touch the page. */
export function NewsletterFrame({ title, html }: { title: string; html: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  useEffect(() => (ref.current ? fitToContent(ref.current) : undefined), []);
  return (
    <iframe
      ref={ref}
      className="newsletter-frame"
      title={`Newsletter: ${title}`}
      sandbox={SANDBOX}
      srcDoc={campaignFrameHtml(html)}
    />
  );
}
