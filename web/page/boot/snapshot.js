// Fetching the Pyodide memory snapshot (vendor/pyodide/snapshot.bin, ~31 MB raw, ~5 MB brotli).
// Shared by the engine worker (runtime.mjs imports it) and the service worker (sw.js loads it
// with importScripts), so it is a plain script that sets one global:
//
//   self.nardFetchSnapshot(url) -> Promise<Uint8Array>   the snapshot's raw bytes
//
// Hosts that compress what they send (Content-Encoding: br or gzip, as `build.py serve` and
// most static hosts do for the pre-compressed twins) give the raw bytes straight away. A host
// that cannot set Content-Encoding would send all 31 MB; then the request is dropped as soon
// as its headers show that, and the gzip twin build.py writes beside it (snapshot.bin.gz) is
// fetched instead and unpacked here. Reading the raw file costs nothing, unpacking ~300 ms,
// so the service worker stores what it unpacked under the raw file's name.

(() => {
  // The snapshot packs to a fifth of its size; a longer body was sent uncompressed.
  const UNCOMPRESSED = 12 * 2 ** 20;
  const GZIP_MAGIC = [0x1f, 0x8b];

  /**
   * @param {string} url
   * @param {RequestInit} init
   */
  async function fetchOk(url, init) {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
    return response;
  }

  /** @returns {Promise<Uint8Array<ArrayBuffer>>} */
  async function gunzip(/** @type {Uint8Array<ArrayBuffer>} */ bytes) {
    // A host that labels .gz files with Content-Encoding has had the browser unpack it already.
    if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return bytes;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  self.nardFetchSnapshot = async function fetchSnapshot(url, init = {}) {
    const controller = new AbortController();
    const response = await fetchOk(url, { ...init, signal: controller.signal });
    const length = Number(response.headers.get("Content-Length") || 0);
    const compressed = response.headers.has("Content-Encoding");
    if (compressed || length < UNCOMPRESSED || typeof DecompressionStream === "undefined") {
      return new Uint8Array(await response.arrayBuffer());
    }
    controller.abort();
    const packed = await fetchOk(`${url}.gz`, init);
    return gunzip(new Uint8Array(await packed.arrayBuffer()));
  };
})();
