// The globals the page's scripts set and read besides the browser's own. Types only: nothing
// here is shipped.

interface Window {
  /** The app (boot/app.js): for tests, embedders and the console. */
  nardApp: import("./boot/app.js").App;
  /** The page mounted on #board (page.js mountPage), while it is mounted. */
  nardPage?: import("./page.js").Page;
  /** How long an answer of the engine may take before it counts as gone (tests shorten it). */
  nardAnswerTimeoutMs?: number;
  /** Set by boot/snapshot.js in the scopes that load it: the engine's worker and the service worker. */
  nardFetchSnapshot(url: string, init?: RequestInit): Promise<Uint8Array<ArrayBuffer>>;
}

/** How Python booted in the engine's worker (boot/runtime.mjs): "snapshot" or "plain (reason)". */
declare var nardPythonBoot: string | undefined;
