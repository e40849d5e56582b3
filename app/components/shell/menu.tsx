import { Link } from "react-router";
import "./menu.css";

/** The menu panel: Shop and Studio groups, and the two promo tiles (docs/product.md §2). */
export function Menu({
  open,
  founder,
  divergence,
}: {
  open: boolean;
  founder: { name: string; slug: string };
  /** Whether the studio offers the Divergence table (a studio of its own may not). */
  divergence: boolean;
}) {
  const groups = [
    {
      title: "Shop",
      links: [
        ["/shop", "Online Store"],
        ...(divergence ? [["/divergence", "Divergence Table Builder"]] : []),
        ["/slabs", "Slabs"],
        ["/bases", "Bases"],
        ["/custom-design", "Custom Design"],
        ["/cart", "Cart"],
        ["/wishlist", "Wish List"],
      ],
    },
    {
      title: "Studio",
      links: [
        ["/", "Home"],
        ["/portfolio", "Portfolio"],
        ...(founder.slug ? [[`/${founder.slug}`, founder.name]] : []),
        ["/our-story", "Our Story"],
        ["/additional-services", "Additional Services"],
        ["/media", "Media"],
        ["/faqs", "FAQs"],
        ["/contact", "Contact"],
      ],
    },
  ];
  return (
    <nav id="site-menu" className={`menu${open ? " is-open" : ""}`} aria-label="Main" hidden={!open}>
      <div className="menu__inner container">
        {groups.map((g) => (
          <div key={g.title} className="menu__group">
            <h2 className="label">{g.title}</h2>
            <ul>
              {g.links.map(([to, text]) => (
                <li key={to}>
                  <Link to={to!}>{text}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="menu__tiles">
          <Link to="/shop" className="menu__tile">
            <span className="label">Shop</span>
            <span>A curated selection of artisan pieces.</span>
          </Link>
          {divergence ? (
            <Link to="/divergence" className="menu__tile menu__tile--dark">
              <span className="label">Divergence Table Builder</span>
              <span>Build Your Own Divergence Dining Table.</span>
            </Link>
          ) : (
            <Link to="/custom-design" className="menu__tile menu__tile--dark">
              <span className="label">Custom Design</span>
              <span>Commission a piece made for your room.</span>
            </Link>
          )}
        </div>
      </div>
    </nav>
  );
}
