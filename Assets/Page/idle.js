// Work that no frame waits for: run once the browser is idle, or after
// `longest` milliseconds, whichever is first. Safari has no idle callbacks;
// there it runs in the next task.

/** Runs `work` when the browser is idle; the returned function cancels it. */
export function whenIdle(work, longest) {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: longest });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
