import { createContext } from "react-router";

/** Per-request facts the HTTP server knows before React Router runs: the CSP nonce and the request id (logs, error screen). */
export interface RequestInfo {
  nonce: string;
  requestId: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
