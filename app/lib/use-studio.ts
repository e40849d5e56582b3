import { useRouteLoaderData } from "react-router";
import type { Announcement, Studio } from "../../domain/catalog-types.ts";

export type ShellData = { studio: Studio; announcement: Announcement | null };

/** The studio's identity and announcement, loaded once by the shell layout for every page. */
export function useShellData(): ShellData {
  const data = useRouteLoaderData("routes/shell") as ShellData | undefined;
  if (!data) throw new Error("useShellData must be used inside the shell layout");
  return data;
}
