import { Link } from "react-router";
import { useShellData } from "../../lib/use-studio.ts";
import { StudioHours } from "./studio-hours.tsx";
import "./footer.css";

/** The site footer; `newsletter` is the sign-up form the layout gives it. */
export function Footer({ newsletter }: { newsletter: React.ReactNode }) {
  const { studio } = useShellData();
  const { address } = studio;
  // "Birdsboro, PA", or what of it the studio gave.
  const place = [address.city, address.state].filter(Boolean).join(", ");
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__name">{studio.name}</p>
          <p>{studio.tagline}</p>
          <div className="footer__newsletter" id="newsletter">
            <h2 className="label">Newsletter</h2>
            <p>New slabs out of the kiln, finished commissions and studio news, a few times a year.</p>
            {newsletter}
          </div>
        </div>
        <nav aria-label="Footer" className="footer__links">
          <h2 className="label">Explore</h2>
          <ul>
            <li>
              <Link to="/shop">Shop</Link>
            </li>
            <li>
              <Link to="/slabs">Slabs</Link>
            </li>
            <li>
              <Link to="/bases">Bases</Link>
            </li>
            {studio.media.divergence && (
              <li>
                <Link to="/divergence">Divergence</Link>
              </li>
            )}
            <li>
              <Link to="/portfolio">Portfolio</Link>
            </li>
            <li>
              <Link to="/our-story">Our Story</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="label">Visit</h2>
          {(address.street || place) && (
            <address>
              {address.street}
              {address.street && place && <br />}
              {place} {address.zip}
            </address>
          )}
          <p>
            <a href={`mailto:${studio.email}`}>{studio.email}</a>
            {studio.phone && (
              <>
                <br />
                <a href={`tel:${studio.phone.replace(/[^\d+]/g, "")}`}>{studio.phone}</a>
              </>
            )}
          </p>
          <ul className="footer__social">
            {studio.socials.map((s) => (
              <li key={s.name}>
                <a href={s.url} rel="noopener noreferrer" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="label">Studio hours</h2>
          <StudioHours hours={studio.hours} className="footer__hours" />
        </div>
      </div>
      <div className="container footer__base">
        <p>
          © {new Date().getFullYear()} {studio.legalName}. Made by hand{place ? ` in ${place}` : ""}.
        </p>
      </div>
    </footer>
  );
}
