import { phoneDigits } from "../../../domain/text.ts";
import { StudioHours } from "../../components/shell/studio-hours.tsx";
import type { ShellStudio } from "../../lib/use-studio.ts";
import "./content.css";

/** The studio's address, e-mail, phone and hours, from its configuration. */
export function StudioContact({ studio, subject }: { studio: ShellStudio; subject?: string }) {
  const { address } = studio;
  const mail = subject ? `mailto:${studio.email}?subject=${encodeURIComponent(subject)}` : `mailto:${studio.email}`;
  const place = [address.city, address.state].filter(Boolean).join(", ");
  const postal = [address.street, `${place} ${address.zip}`.trim()].filter(Boolean).join(", ");
  const map = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(postal)}`;
  return (
    <div className="studio-contact">
      <div>
        <h2 className="label">Write or call</h2>
        <p className="contact-lines">
          <a href={mail}>{studio.email}</a>
          {studio.phone && (
            <>
              <br />
              <a href={`tel:+1${phoneDigits(studio.phone)}`}>{studio.phone}</a>
            </>
          )}
        </p>
      </div>
      <div>
        <h2 className="label">Visit</h2>
        <address className="contact-lines">
          {studio.legalName}
          {address.street && (
            <>
              <br />
              {address.street}
            </>
          )}
          {place && (
            <>
              <br />
              {place} {address.zip}
            </>
          )}
          {postal && (
            <>
              <br />
              <a href={map} target="_blank" rel="noopener noreferrer">
                Directions
              </a>
            </>
          )}
        </address>
      </div>
      <div>
        <h2 className="label">Studio hours</h2>
        <StudioHours hours={studio.hours} className="facts" />
      </div>
    </div>
  );
}
