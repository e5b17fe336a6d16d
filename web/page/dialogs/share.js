// The share dialog: the whole game as a link, the position only as a link a person can read,
// for backgammon the gnubg ID and the XGID (each with a link that opens it here: #gnubg=,
// #xgid=), the game's record on a page of one's own (<nard-board>), each with a copy button; the board as a picture (SVG as the engine draws it,
// or PNG through a canvas); and the game record as a .mat file (nardcore/matfile.py: gnubg
// imports a backgammon one). Values are only ever set as text.

import { $, button, copyText, listeners, make } from "../dom.js";
import { t } from "../i18n.js";
import { chosenClock, fillClockChoice } from "../panels/live-clock.js";
import { invite } from "../panels/live-panel.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").ShareLinks} ShareLinks */
/** @typedef {import("../view-model.js").Intent} Intent */
/**
 * @typedef {object} ShareDeps
 * @property {(intent: Intent) => unknown} send
 * @property {(data: Blob, name: string) => void} download
 */

const KINDS = /** @type {const} */ (["game", "position", "gnubg", "xgid"]);
const PNG_WIDTH = 960;

const attribute = (/** @type {string} */ text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * @param {HTMLDialogElement} root the dialog (#share)
 * @param {ShareDeps} deps
 * @returns {import("../dom.js").Part & {show: (links: ShareLinks) => void}}
 */
export function createShare(root, { send, download }) {
  const events = listeners();
  /** @type {ShareLinks} */
  let shown = {};
  let variant = "game";
  const name = (/** @type {string} */ extension) => `nard-${variant}-${new Date().toISOString().slice(0, 10)}.${extension}`;
  events.click("share-close", () => root.close());
  events.click("share-svg", () => {
    if (shown.svg) download(new Blob([shown.svg], { type: "image/svg+xml" }), name("svg"));
  });
  events.click("share-png", async () => {
    const png = shown.svg ? await pngOf(shown.svg) : null;
    if (png) download(png, name("png"));
  });
  events.click("share-mat", () => {
    if (shown.mat) download(new Blob([shown.mat], { type: "text/plain" }), name("mat"));
  });
  // a game by link from the position on the board (panels/link-panel.js shows the link to send)
  events.click("share-link", () => {
    root.close();
    send({ type: "link_new", from_board: true, seat: "w" });
  });
  // live from the position on the board (panels/live-panel.js makes the offer), with the clocks
  // chosen beside it as in New game (docs/live.md "Clocks")
  events.click("share-live", () => {
    root.close();
    const clock = chosenClock($("share-clock", HTMLSelectElement));
    void invite(send, { type: "live_new", from_board: true, seat: "w", offer: "", clock });
  });
  return {
    // links: game and position are URL fragments
    show(links) {
      shown = { svg: typeof links.svg === "string" ? links.svg : undefined, mat: typeof links.mat === "string" ? links.mat : undefined };
      showLinks(root, links);
    },
    paint(view) {
      variant = view.variant || "game";
    },
    // its listeners off the page, the copy buttons' with them
    destroy() {
      events.off();
      $("share-rows").replaceChildren();
    },
  };
}

/**
 * @param {HTMLDialogElement} root
 * @param {ShareLinks} links
 */
function showLinks(root, links) {
  const base = `${location.origin}${location.pathname}`; // never the page's own query (?dice=…)
  const rows = [];
  const puzzle = links.puzzle;
  if (puzzle && typeof puzzle.id === "string") rows.push(...puzzleRows(base, puzzle));
  for (const kind of KINDS) {
    const link = links[kind];
    if (typeof link !== "string") continue;
    if (kind === "game" || kind === "position") rows.push(row(kind, `${base}#${link}`, "share.copy"));
    else rows.push(row(kind, link, "share.copy_id", `${base}#${kind}=${idInLink(link)}`));
  }
  // the board with its moves on another page: <nard-board> (docs/embed.md), loaded from this site
  if (typeof links.record === "string") {
    const script = new URL("embed.js", base).href;
    // The page's modules are inlined into index.html's <script>: an end tag would close it, and a
    // quoted src attribute would read as a file the page loads (tests/build/test_build.py): hence the escapes.
    // biome-ignore lint/suspicious/noUselessEscapeInString: the escapes are for the HTML around the script
    const code = `<script src=\"${attribute(script)}\"><\/script> <nard-board record=\"${attribute(links.record)}\"></nard-board>`;
    rows.push(row("embed", code, "share.copy_code"));
  }
  $("share-rows").replaceChildren(...rows);
  $("share-svg").hidden = $("share-png").hidden = !(typeof links.svg === "string" && links.svg);
  $("share-mat").hidden = !(typeof links.mat === "string" && links.mat);
  // the editor's set-up has no game of its own to play by link or to edit again
  $("share-link").hidden = $("share-live").hidden = $("share-edit").hidden = typeof links.game !== "string";
  $("share-clocks").hidden = $("share-live").hidden;
  fillClockChoice($("share-clock", HTMLSelectElement)); // in the language of the moment
  $("share-status").textContent = "";
  if (!root.open) root.showModal();
  const first = $("share-rows").querySelector("input");
  if (first) first.select();
}

/**
 * A puzzle open on the study screen: its link, and the snippet that embeds it on another page
 * (<nard-board puzzle>, docs/embed.md), the position and dice written out so that the board is
 * drawn at once.
 * @param {string} base the app's address
 * @param {import("../view-model.js").SharedPuzzle} puzzle
 */
function puzzleRows(base, puzzle) {
  const script = new URL("embed.js", base).href;
  const board = `<nard-board puzzle="${attribute(puzzle.id)}" position="${attribute(puzzle.position)}"`
    + ` dice="${attribute(puzzle.dice)}"></nard-board>`;
  // escaped as the record's snippet is (showLinks)
  // biome-ignore lint/suspicious/noUselessEscapeInString: the escapes are for the HTML around the script
  const code = `<script src=\"${attribute(script)}\"><\/script> ${board}`;
  return [row("puzzle", `${base}#puzzle=${encodeURIComponent(puzzle.id)}`, "share.copy"), row("puzzle_embed", code, "share.copy_code")];
}

// An ID as the value of a link's field: kept readable (":", "/" and "=" need no escape in a
// fragment), the XGID without its "XGID=" (web/worker/links.py puts it back).
function idInLink(/** @type {string} */ id) {
  return encodeURIComponent(id.replace(/^XGID=/, "")).replace(/%3A/gi, ":").replace(/%2F/gi, "/").replace(/%3D/gi, "=");
}

// One thing to share: its name, its text and a button that copies it (`copyKey` names what it
// copies); with `link`, a second line: the link that opens it in this app, and its own button.
function row(/** @type {string} */ kind, /** @type {string} */ value, /** @type {string} */ copyKey, /** @type {string} */ link = "") {
  const box = make("div", "share-row");
  const label = make("label", "", t(`share.${kind}`));
  label.htmlFor = `share-${kind}`;
  box.append(label, ...copyable(`share-${kind}`, kind, value, t(copyKey)));
  if (link) {
    const [linkInput, linkCopy] = copyable(`share-${kind}-link`, `${kind}-link`, link, t("share.copy"));
    linkInput.setAttribute("aria-label", t("share.id_link"));
    linkCopy.title = t("share.id_link");
    box.append(linkInput, linkCopy);
  }
  return box;
}

// A read-only text and the button that copies it, saying so in the status line.
/** @returns {[HTMLInputElement, HTMLButtonElement]} */
function copyable(/** @type {string} */ id, /** @type {string} */ kind, /** @type {string} */ value, /** @type {string} */ text) {
  const input = make("input", "share-url");
  input.id = id;
  input.readOnly = true;
  input.value = value;
  const copy = button("share-copy", text);
  copy.dataset.kind = kind;
  copy.addEventListener("click", async () => {
    $("share-status").textContent = t((await copyText(input)) ? "share.copied" : "share.select");
  });
  return [input, copy];
}

// The engine's SVG drawn on a canvas PNG_WIDTH wide.
/**
 * @param {string} svg
 * @returns {Promise<Blob | null>}
 */
async function pngOf(svg) {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = PNG_WIDTH;
    canvas.height = Math.round((PNG_WIDTH * image.naturalHeight) / image.naturalWidth);
    canvas.getContext("2d")?.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}
