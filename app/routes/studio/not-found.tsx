import { studioNotFoundLoader } from "../../features/studio/pages.server.ts";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  return studioNotFoundLoader(request, context);
}

export default function StudioNotFound() {
  return null;
}
