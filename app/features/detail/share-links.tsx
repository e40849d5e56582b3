/** Share the page on Pinterest or Facebook, or by e-mail (docs/product.md §2). */
export function ShareLinks({ url, title, image }: { url: string; title: string; image: string | null }) {
  const u = encodeURIComponent(url);
  const pin = new URLSearchParams({ url, description: title });
  if (image) pin.set("media", image);
  const links = [
    { name: "Pinterest", href: `https://www.pinterest.com/pin/create/button/?${pin.toString()}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
  return (
    <div className="share">
      <span className="label">Share</span>
      <ul>
        {links.map((l) => (
          <li key={l.name}>
            <a
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${l.name} (opens in a new tab)`}
              data-tip=""
            >
              {l.name}
            </a>
          </li>
        ))}
        <li>
          <a
            href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`}
            aria-label="Share by e-mail"
            data-tip=""
          >
            E-mail
          </a>
        </li>
      </ul>
    </div>
  );
}
