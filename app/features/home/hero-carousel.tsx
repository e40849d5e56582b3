import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { CarouselItem } from "../../../domain/catalog-types.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { presetImage } from "../../lib/images.ts";
import "./home.css";

const AUTOPLAY_MS = 9000;

/** A slide's button: a router link inside the site, a plain link to another site. */
function SlideLink({ item }: { item: CarouselItem }) {
  if (item.isExternal) {
    return (
      <a className="btn btn--light" href={item.buttonLink} target="_blank" rel="noopener noreferrer">
        {item.buttonText}
      </a>
    );
  }
  return (
    <Link className="btn btn--light" to={item.buttonLink}>
      {item.buttonText}
    </Link>
  );
}

/** The home hero: images or mp4 slides, fading over 1.5 s, advancing every 9 s; can be paused. */
export function HeroCarousel({ items }: { items: CarouselItem[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [shown, setShown] = useState(() => new Set([0]));
  const count = items.length;

  useEffect(() => {
    setShown((s) => (s.has(index) ? s : new Set(s).add(index)));
  }, [index]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new slide restarts the 9 s wait
  useEffect(() => {
    if (paused || count < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const t = setTimeout(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearTimeout(t);
  }, [index, paused, count]);

  return (
    <section
      className="hero under-header"
      data-hero
      aria-roledescription="carousel"
      aria-label="Featured"
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") setIndex((i) => (i + 1) % count);
        if (e.key === "ArrowLeft") setIndex((i) => (i - 1 + count) % count);
      }}
    >
      {items.map((item, i) => {
        const active = i === index;
        const video = item.fileName.endsWith(".mp4");
        return (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
          <div
            key={item.id}
            className={`hero__slide${active ? " is-active" : ""}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={!active}
          >
            {video ? (
              // A video slide loads only once it is shown: an autoplaying video downloads (and
              // counts as the page's largest paint) even while its slide is hidden.
              shown.has(i) && (
                <video
                  className="hero__media"
                  src={`/images/carousel/${item.fileName}`}
                  muted
                  autoPlay
                  loop
                  playsInline
                  preload="auto"
                />
              )
            ) : (
              <img
                className="hero__media"
                {...presetImage("carousel", item.fileName, IMAGE_PRESETS.hero, 1600)}
                sizes="100vw"
                alt=""
                width={1600}
                height={900}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
              />
            )}
            <div className="hero__text container">
              <h1 className={i === 0 ? undefined : "hero__title"}>{item.title}</h1>
              <p>{item.subtitle}</p>
              {active ? <SlideLink item={item} /> : null}
            </div>
          </div>
        );
      })}
      {count > 1 && (
        <div className="hero__controls container">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              className={`hero__dot${i === index ? " is-active" : ""}`}
              aria-label={`Show slide ${i + 1}: ${item.title}`}
              data-tip=""
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
          <button type="button" className="hero__pause" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
            {paused ? "Play" : "Pause"}
          </button>
        </div>
      )}
    </section>
  );
}

/** The hero when there are no carousel items: the three ways into the studio's work. */
export function FallbackHero({ divergence }: { divergence: boolean }) {
  const tiles = [
    ...(divergence
      ? [{ to: "/divergence", label: "Table Builder", text: "Configure a Divergence dining table." }]
      : []),
    { to: "/shop", label: "Online Store", text: "Finished pieces, ready to ship." },
    { to: "/custom-design", label: "Commission", text: "A piece drawn for your room." },
  ];
  return (
    <section className="hero-fallback under-header" data-hero aria-label="Featured">
      {tiles.map((t) => (
        <Link key={t.to} to={t.to} className="hero-fallback__tile">
          <span className="label">{t.label}</span>
          <span>{t.text}</span>
        </Link>
      ))}
    </section>
  );
}
