// The message line beside the board: the engine's message in the page's language, or what the
// page itself has to say (the engine failed, or stopped). A warning that comes with the start
// screen (a link refused on a first visit, which opens the start screen over the board) is said
// on the start screen too, at its top: the line beside the board is behind the modal dialog,
// covered and inert.
//
// Text from the engine is only ever set with textContent.

import { make, setAttr, setText } from "../dom.js";
import { isolate, notation, t } from "../i18n.js";
import { EMBEDDED } from "../keep.js";

/** @typedef {import("../view-model.js").View} View */

// Messages shown as a result, and as a warning; the rest are plain news.
const RESULTS = ["game_over", "match_over", "draw", "resigned", "live_time"];
// Embedded in another page (docs/embed.md) there is no Games menu to point to: these say so without it.
const EMBED_WORDS = /** @type {Record<string, string>} */ ({ url_loaded: "msg.url_loaded_embed", played_on: "msg.played_on_embed" });
const WARNINGS = ["save_corrupt", "url_bad", "not_now", "bad_dice", "link_refused", "link_wait", "edit_bad_text",
  "library_rebuilt", "save_set_aside", "engine_restarted", "import_empty", "live_refused", "live_failed",
  "live_failed_line", "live_dropped", "link_no_match"];

/**
 * @param {HTMLElement} root the message line (#message)
 * @returns {import("../dom.js").Part & {show: (text: string, tone: string) => void}}
 */
export function createMessage(root) {
  const show = (/** @type {string} */ text, /** @type {string} */ tone) => {
    setText(root, text);
    setAttr(root, "data-tone", tone || "");
    if (root.hidden !== !text) root.hidden = !text;
  };
  const notice = startNotice();
  // embedded in a short frame, the board leaves the message line the room it takes (style.css
  // html.embed, --message-room): measured as it changes, with its words or the frame's width
  const room = EMBEDDED && typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => {
    document.documentElement.style.setProperty("--message-room", root.offsetHeight ? `${root.offsetHeight + 4}px` : "0px");
  }) : null;
  room?.observe(root);
  const say = (/** @type {string} */ text) => {
    if (!notice || notice.textContent === text) return; // the same words are not announced again
    notice.textContent = text;
    notice.hidden = !text;
  };
  return {
    paint(view) {
      const m = view.message;
      if (!m) {
        show("", "");
        say("");
        return;
      }
      const tone = RESULTS.includes(m.key) ? "result" : WARNINGS.includes(m.key) ? "warn" : "";
      const text = t((EMBEDDED && EMBED_WORDS[m.key]) || `msg.${m.key}`, messageArgs(m.key, m.args || {}));
      show(text, tone);
      say(view.screen === "setup" && tone === "warn" ? text : "");
    },
    show,
    destroy() {
      room?.disconnect();
      if (notice) notice.remove();
    },
  };
}

// The start screen's notice, under its title: an alert, so that it is read out as the dialog opens.
function startNotice() {
  const title = document.getElementById("setup-title");
  if (!title) return null;
  const notice = make("p", "message start-notice");
  notice.setAttribute("role", "alert");
  notice.dataset.tone = "warn";
  notice.hidden = true;
  title.after(notice);
  return notice;
}

// A message's arguments in the page's language: sides, levels, reasons and kinds by name.
function messageArgs(/** @type {string} */ key, /** @type {Record<string, unknown>} */ given) {
  const args = { ...given };
  for (const name of ["side", "winner", "loser"]) if (args[name]) args[name] = t(`side.${args[name]}`);
  if (args.level) args.level = t(`resign.level.${args.level}`);
  if (key === "held" || key === "coach_turn_held") args.why = t(`held.${args.why}`);
  if (args.kind) args.kind = t(`kind.${args.kind}`);
  // a play's words in the page's language ("6/off"), kept left to right
  for (const name of ["play", "best"]) if (typeof args[name] === "string" && args[name]) args[name] = isolate(notation(args[name]));
  // the coach's why: the facts, largest first, as sentences
  if (Array.isArray(args.why)) {
    /** @param {any} fact an untrusted {key, args} */
    const sentence = (fact) => (fact && typeof fact.key === "string" && fact.key.startsWith("why.") ? t(fact.key, fact.args || {}) : "");
    args.why = args.why.map(sentence).join(" ");
  }
  if (args.w !== undefined && key === "opening") args.ties = args.ties ? t("msg.opening_ties", { n: args.ties }) : "";
  return args;
}
