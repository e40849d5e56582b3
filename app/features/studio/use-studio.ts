import { useRouteLoaderData } from "react-router";

/** What the back office's layout loaded: who is signed in and the token their forms carry. */
export type StudioShell = {
  staff: { id: number; email: string; name: string; role: "owner" | "staff" };
  csrf: string;
  studioName: string;
  /** The studio's time zone: the back office writes every moment in it (when.tsx). */
  timeZone: string;
  /** Payments go to the sandbox gateway (no CardPointe settings): every page's banner says so. */
  testMode: boolean;
};

export function useStudio(): StudioShell {
  return useRouteLoaderData("routes/studio/layout") as StudioShell;
}
