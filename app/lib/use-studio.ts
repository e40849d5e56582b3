import { useRouteLoaderData } from "react-router";
import type { Announcement, Studio } from "../../domain/catalog-types.ts";

/** The studio as every page has it: without the story and the founder's biography. */
export type ShellStudio = Omit<Studio, "story" | "founder"> & { founder: Omit<Studio["founder"], "bio"> };

export type ShellData = { studio: ShellStudio; announcement: Announcement | null; siteUrl: string };

/** The studio's identity and announcement, loaded once by the shell layout for every page. */
export function useShellData(): ShellData {
  const data = useRouteLoaderData("routes/shell") as ShellData | undefined;
  if (!data) throw new Error("useShellData must be used inside the shell layout");
  return data;
}
