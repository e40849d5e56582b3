import { useNonce } from "../../lib/nonce.tsx";
import { useShellData } from "../../lib/use-studio.ts";
import { storageKeys } from "../shopping/store.ts";

/**
 * The page is rendered before the stored cart can be read, so it carries both the empty state
 * and the form. This script, run as the page is parsed, tells the styles which of the two the
 * stored cart will show and how many lines the order summary needs room for (checkout.css), so
 * nothing swaps or grows in front of the shopper when the cart is read after hydration. A browser
 * that refuses storage, or runs no scripts, gets the form.
 */
export function StoredCartHint() {
  const nonce = useNonce();
  const key = JSON.stringify(storageKeys(useShellData().studio.shortName).cart).replace(/</g, "\\u003c");
  const script = `try{var c=JSON.parse(localStorage.getItem(${key})||"[]"),n=Array.isArray(c)?c.length:0,d=document.documentElement;d.dataset.storedCart=n?"filled":"empty";d.style.setProperty("--stored-lines",n)}catch(e){}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script; the one value in it is JSON-encoded
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
