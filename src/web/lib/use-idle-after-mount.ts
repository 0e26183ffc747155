import { useEffect, useState } from "react";

/** Calls run once the main thread is idle (requestIdleCallback; a timer where it is missing). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 500);
  return () => window.clearTimeout(timer);
}

/** False until the browser is idle after the component's first commit: for work no first screen needs. */
export function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
