/**
 * The opening splash's timing (splash.tsx draws it), run from the document's head before the
 * first paint (lib/early-script.server.ts), so it never waits for the page's scripts and goes
 * away even if they never load. Once per browser session: a session that has seen it marks the
 * document `splash-seen`, which hides it (shell.css). It stays at least 2 s from the start of
 * the visit and until the page has loaded, then fades (`splash-leaving`) and is gone 200 ms
 * later. The reel's bytes are asked for only once the page has loaded, so they never compete
 * with the page itself; the reel opens with a fade from black, so it starts where the picture
 * is whole.
 */
const MIN_MS = 2000;
const FADE_MS = 200;
const REEL_OPENING_FADE_S = 0.6;
const REEL = "/images/studio/splash.mp4";

export const SPLASH_SCRIPT =
  `(function(){var d=document.documentElement,k="splash-seen";` +
  `try{if(sessionStorage.getItem(k))return d.classList.add(k)}catch(e){return d.classList.add(k)}` +
  `addEventListener("load",function(){var v=document.querySelector(".splash__reel");` +
  `if(v){v.addEventListener("loadedmetadata",function(){v.currentTime=${REEL_OPENING_FADE_S}});v.src="${REEL}"}` +
  `setTimeout(function(){d.classList.add("splash-leaving");try{sessionStorage.setItem(k,"1")}catch(e){}` +
  `setTimeout(function(){d.classList.add(k)},${FADE_MS})},Math.max(0,${MIN_MS}-performance.now()))})})()`;
