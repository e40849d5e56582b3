import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

const MIN_MS = 2000;
const FADE_MS = 200;

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
        {/* The reel starts once the page is up, so its bytes never compete with the first paint. */}
        <div className="splash__reel">
          {reel && <video src="/images/studio/splash.mp4" muted autoPlay playsInline loop />}
        </div>
        <p>{name}</p>
      </div>
    </div>
  );
}
