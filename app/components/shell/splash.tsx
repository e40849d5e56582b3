import { useEffect } from "react";
import { useNavigation } from "react-router";
import { imageUrl } from "../../lib/images";

const poster = (width: number) =>
  `url("${imageUrl("studio", "splash-poster.jpg", { width, height: Math.round((width * 9) / 16), quality: 70 })}")`;
/**
 * The still shows from the first paint (a background image of the video element, so a hidden
 * splash never fetches it); the reel's frames then replace it in the same box.
 */
const posterStyle = { backgroundImage: `image-set(${poster(384)} 1x, ${poster(768)} 2x)` };

/**
 * The opening splash with the studio reel (muted, autoplaying), once per browser session. Its
 * timing and the reel's source are set by a script in the document's head (splash-script.server.ts),
 * so the splash leaves even when the page's scripts never arrive.
 */
export function Splash({ name, reel }: { name: string; reel: boolean }) {
  const navigation = useNavigation();
  // A navigation started under the splash ends it at once.
  useEffect(() => {
    if (navigation.state !== "idle") document.documentElement.classList.add("splash-seen");
  }, [navigation.state]);
  return (
    <div className="splash" aria-hidden="true">
      <div>
        {reel && <video className="splash__reel" style={posterStyle} muted autoPlay playsInline loop />}
        <p>{name}</p>
      </div>
    </div>
  );
}
