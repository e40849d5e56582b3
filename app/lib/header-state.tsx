import { createContext, useContext, useMemo, useState } from "react";

export type HeaderVariant = "light" | "dark" | "transparent";

type HeaderState = {
  /** Set by overlays (the portfolio showcase) that want a dark header that stays in view. */
  showcase: boolean;
  setShowcase: (on: boolean) => void;
};

const Ctx = createContext<HeaderState>({ showcase: false, setShowcase: () => {} });

export function HeaderStateProvider({ children }: { children: React.ReactNode }) {
  const [showcase, setShowcase] = useState(false);
  const value = useMemo(() => ({ showcase, setShowcase }), [showcase]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useHeaderState = () => useContext(Ctx);
