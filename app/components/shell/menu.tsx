import { Link } from "react-router";
import "./menu.css";

/** The menu panel: Shop and Studio groups, and the two promo tiles (docs/product.md §2). */
export function Menu({ open, founder }: { open: boolean; founder: { name: string; slug: string } }) {
  const groups = [
    {
      title: "Shop",
      links: [
        ["/shop", "Online Store"],
        ["/divergence", "Divergence Table Builder"],
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
        [`/${founder.slug}`, founder.name],
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
          <Link to="/divergence" className="menu__tile menu__tile--dark">
            <span className="label">Divergence Table Builder</span>
            <span>Build Your Own Divergence Dining Table.</span>
          </Link>
        </div>
      </div>
    </nav>
  );
}
