import { dateTime } from "./labels.ts";
import { useStudio } from "./use-studio.ts";

/** A moment as the back office writes it, in the studio's own time zone (set with its details). */
export function When({ at }: { at: Date | string }) {
  return <time dateTime={new Date(at).toISOString()}>{dateTime(at, useStudio()?.timeZone)}</time>;
}
