import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { imageUrl } from "../../lib/images";

const MIN_MS = 2000;
const FADE_MS = 200;
/** The reel opens with a fade from black; the splash starts it where the picture is whole. */
const REEL_OPENING_FADE_S = 0.6;

const poster = (width: number) =>
  `url("${imageUrl("studio", "splash-poster.jpg", { width, height: Math.round((width * 9) / 16), quality: 70 })}")`;
/**
 * The still shows from the first paint (a background image of the video element, so a hidden
 * splash never fetches it); the reel's bytes are requested once the page is up, so they never
 * compete with the first paint, and its frames then replace the still in the same box.
 */
const posterStyle = { backgroundImage: `image-set(${poster(384)} 1x, ${poster(768)} 2x)` };

/**
 * The opening splash with the studio reel (muted, autoplaying): at least 2 s, then a fade,
 * removed 200 ms after the page has loaded. Once per browser session: an inline script in the
 * document head hides it before first paint when this session has seen it.
 */
export function Splash({ name }: { name: string }) {
  const [phase, setPhase] = useState<"shown" | "leaving" | "gone">("shown");
  const [reel, setReel] = useState(false);
  const navigation = useNavigation();

  useEffect(() => {
    if (document.documentElement.classList.contains("splash-seen")) {
      setPhase("gone");
      return;
    }
    const started = performance.now();
    setReel(true);
    const loaded = new Promise<void>((resolve) => {
      if (document.readyState === "complete") resolve();
      else window.addEventListener("load", () => resolve(), { once: true });
    });
    let cancelled = false;
    void loaded.then(() => {
      const wait = Math.max(0, MIN_MS - (performance.now() - started));
      setTimeout(() => {
        if (cancelled) return;
        setPhase("leaving");
        try {
          sessionStorage.setItem("splash-seen", "1");
        } catch {
          // Private modes may refuse storage; the splash then shows once per page load.
        }
        setTimeout(() => !cancelled && setPhase("gone"), FADE_MS);
      }, wait);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // A navigation started under the splash ends it at once.
  useEffect(() => {
    if (navigation.state !== "idle" && phase === "shown") setPhase("gone");
  }, [navigation.state, phase]);

  if (phase === "gone") return null;
  return (
    <div className={`splash${phase === "leaving" ? " is-leaving" : ""}`} aria-hidden="true">
      <div>
        <video
          className="splash__reel"
          style={posterStyle}
          src={reel ? "/images/studio/splash.mp4" : undefined}
          muted
          autoPlay
          playsInline
          loop
          onLoadedMetadata={(e) => {
            e.currentTarget.currentTime = REEL_OPENING_FADE_S;
          }}
        />
        <p>{name}</p>
      </div>
    </div>
  );
}
