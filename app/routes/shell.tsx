import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { AnnouncementBanner } from "../components/shell/announcement.tsx";
import { Footer } from "../components/shell/footer.tsx";
import { Header } from "../components/shell/header.tsx";
import { LoadingOverlay } from "../components/shell/loading-overlay.tsx";
import { ScrollHint } from "../components/shell/scroll-hint.tsx";
import { Splash } from "../components/shell/splash.tsx";
import "../components/shell/shell.css";
import "../components/shell/tooltip.css";
import { NewsletterForm } from "../features/newsletter/newsletter-form.tsx";
import { SubscribeModal } from "../features/newsletter/subscribe-modal.tsx";
// The error page's styles come with every page, so a 404 rendered by the server is styled
// before any script runs; its code (route-error.tsx) is fetched only when a page fails.
import "../features/content/content.css";
import "../features/not-found/not-found.css";
import { ShopDrawer } from "../features/shopping/drawer.tsx";
import { HeaderTools } from "../features/shopping/header-tools.tsx";
import { PreviewPopup } from "../features/shopping/preview-popup.tsx";
import { useShopConnection } from "../features/shopping/use-shop-connection.ts";
import { chunk, whenEngaged } from "../lib/chunk.ts";
import { HeaderStateProvider } from "../lib/header-state.tsx";
import { pageData } from "../lib/page-data.server.ts";
import { useReveal } from "../lib/use-reveal.ts";
import { type ShellData, useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/shell";

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [studio, announcement] = await Promise.all([page.studio(), page.announcement()]);
  if (!studio) throw data("The studio is not set up", { status: 503 });
  // Every page carries the shell's data for hydration: leave out the long texts only the story
  // and founder pages show (they load them themselves).
  const { story: _story, founder, ...rest } = studio;
  const { bio: _bio, ...founderCard } = founder;
  return { studio: { ...rest, founder: founderCard }, announcement, siteUrl: page.origin() };
}

/**
 * The studio and its announcement come with the document and stay for the visit: loading them
 * again on every navigation would cost a query each time, and a navigation whose data request
 * fails would take them down with the page (its error shown without header and footer).
 * Revalidating the page where it is (new prices at the checkout) loads them again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

// Every page names itself; this title is seen only when this layout's error boundary shows.
export const meta: Route.MetaFunction = ({ data, error }) => {
  const what = isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong";
  return [{ title: data ? `${what} — ${data.studio.name}` : what }, { name: "robots", content: "noindex" }];
};

const routeError = chunk(() => import("../features/not-found/route-error.tsx"));
const LazyRouteError = lazy(() => routeError.load().then((m) => ({ default: m.RouteErrorBoundary })));

function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <LazyRouteError />
    </Suspense>
  );
}

/**
 * What every page stands in, its error page too: the skip link, the announcement, header, the
 * page as `children`, footer; `before` and `after` what the page itself adds around them.
 */
function Frame({
  announcement,
  children,
  before,
  after,
}: {
  announcement: ShellData["announcement"];
  children: React.ReactNode;
  before?: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <HeaderStateProvider>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      {before}
      {/* Shown only while the page's scripts are off or missing (global.css). */}
      <p className="scripts-note">
        <span className="scripts-note__off">This browser is not running the shop’s scripts.</span>
        <span className="scripts-note__late">This page’s scripts have not loaded.</span> You can browse, search,
        subscribe and write to us; the cart, wish list and checkout need the scripts.
      </p>
      <AnnouncementBanner announcement={announcement} />
      <Header tools={<HeaderTools />} />
      <main id="main">{children}</main>
      <Footer newsletter={<NewsletterForm tone="dark" />} />
      {after}
    </HeaderStateProvider>
  );
}

/**
 * Failures of pages without a boundary of their own (and of this layout): the designed 404 or
 * the router's fallback, inside the header and footer whenever the studio's data loaded.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData("routes/shell") as ShellData | undefined;
  if (!data) return <RouteErrorBoundary />;
  return (
    <Frame announcement={data.announcement}>
      <RouteErrorBoundary />
    </Frame>
  );
}

/** The tooltips' code loads at the first sign of engagement: nothing needs it before a pointer or Tab moves. */
function useTooltips() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    const cancel = whenEngaged(() => {
      import("../lib/tooltips.ts")
        .then((m) => {
          if (!gone) stop = m.installTooltips();
        })
        // Tooltips repeat what a control's name says: a page without them still works.
        .catch(() => undefined);
    });
    return () => {
      gone = true;
      cancel();
      stop?.();
    };
  }, []);
}

export default function Shell() {
  const { studio, announcement } = useShellData();
  useReveal();
  useShopConnection(studio.shortName, studio.previousShortNames);
  useTooltips();
  return (
    <Frame
      announcement={announcement}
      before={<Splash name={studio.name} reel={studio.media.reel} />}
      after={
        <>
          <ScrollHint />
          <LoadingOverlay />
          <PreviewPopup />
          <ShopDrawer />
          <SubscribeModal />
        </>
      }
    >
      <Outlet />
    </Frame>
  );
}
