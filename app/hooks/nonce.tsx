import { createContext, useContext } from "react";

// The CSP nonce of this response, for the inline scripts React Router renders.
// Only the server knows it; in the browser it reads as "".
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
