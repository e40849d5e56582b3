import { enquiryPhoto } from "../../features/studio/enquiries.server.ts";
import type { Route } from "./+types/enquiry-photo";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return enquiryPhoto(request, context, params.id, params.n);
}
