import { createContext, useContext } from "react";

/**
 * The page's script nonce, given by the server for every inline script it renders (the
 * Content-Security-Policy allows only those). In the browser the scripts have already run, so
 * the value is not needed there.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
