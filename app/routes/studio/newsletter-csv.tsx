import { newsletterCsvLoader } from "../../features/studio/newsletter.server.ts";
import type { Route } from "./+types/newsletter-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  return newsletterCsvLoader(request, context);
}
