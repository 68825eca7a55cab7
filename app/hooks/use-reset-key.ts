import { useEffect, useState } from "react";

/**
 * A key that changes each time a form gets a new answer. Password inputs use it
 * to start empty again after an error, with JavaScript as without (where the
 * server-rendered page never refills them).
 */
export function useResetKey(answer: unknown): number {
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (answer) setKey((k) => k + 1);
  }, [answer]);
  return key;
}
