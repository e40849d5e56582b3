import { ordersCsvLoader } from "../../features/studio/pages.server.ts";
import type { Route } from "./+types/orders-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  return ordersCsvLoader(request, context);
}
