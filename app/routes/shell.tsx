import { data, Outlet } from "react-router";
import { AnnouncementBanner } from "../components/shell/announcement.tsx";
import { Footer } from "../components/shell/footer.tsx";
import { Header } from "../components/shell/header.tsx";
import { LoadingOverlay } from "../components/shell/loading-overlay.tsx";
import { ScrollHint } from "../components/shell/scroll-hint.tsx";
import { Splash } from "../components/shell/splash.tsx";
import "../components/shell/shell.css";
import { HeaderStateProvider } from "../lib/header-state.tsx";
import { pageData } from "../lib/page-data.server.ts";
import { useReveal } from "../lib/use-reveal.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/shell";

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [studio, announcement] = await Promise.all([page.studio(), page.announcement()]);
  if (!studio) throw data("The studio is not set up", { status: 503 });
  return { studio, announcement };
}

export default function Shell() {
  const { studio, announcement } = useShellData();
  useReveal();
  return (
    <HeaderStateProvider>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <Splash name={studio.name} />
      <AnnouncementBanner announcement={announcement} />
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <ScrollHint />
      <LoadingOverlay />
    </HeaderStateProvider>
  );
}
