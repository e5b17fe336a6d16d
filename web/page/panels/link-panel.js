// A game played by link (docs/link-play.md): the panel with the link to send, and, when a
// link is opened, the save of the game it belongs to, which the engine checks it against.
//
// Link text is only ever set as an input's value or with textContent.

import { $, copyText, listeners } from "../dom.js";
import { t } from "../i18n.js";
import { linkedGames, savedGame } from "../library/store.js";
import { invite } from "./live-panel.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").LinkView} LinkView */
/** @typedef {import("../view-model.js").Intent} Intent */

const LINK = /^(?:d|live)=([0-9a-f]{12})\.([wb])\d{1,5}\./;

// The save of this device's side of the game a `d=` link belongs to: the side that did not send
// it (else the sender's own, so the engine can say it is one's own link); null when none.
/**
 * @param {string | null | undefined} fragment
 * @returns {Promise<string | null>}
 */
export async function linkSave(fragment) {
  const found = LINK.exec(String(fragment || "").replace(/^#/, ""));
  if (!found) return null;
  const [, gid, sender] = found;
  const games = (await linkedGames()).filter((e) => e.link && e.link.gid === gid);
  const entry = games.find((e) => e.link && e.link.side !== sender) || games[0];
  return entry ? savedGame(entry.id) : null;
}

/**
 * The panel beside the board: what this device waits for, and the link to send meanwhile;
 * in a game with a cube, on the player's turn, whether they keep the cube for their next turn
 * (off by default: their friend's answer then carries their next dice, one link a turn).
 * @param {HTMLElement} root the panel (#link-panel)
 * @param {{send: (intent: Intent) => unknown}} deps
 * @returns {import("../dom.js").Part}
 */
export function createLinkPanel(root, { send }) {
  const events = listeners();
  const input = $("link-url", HTMLInputElement);
  const status = $("link-status");
  const hold = $("link-hold", HTMLInputElement);
  events.click("link-copy", async () => {
    status.textContent = t((await copyText(input)) ? "share.copied" : "share.select");
  });
  events.on(hold, "change", () => send({ type: "link_hold", keep: hold.checked }));
  // the game by link goes live (or back to live after the line dropped or the tab reloaded)
  events.click("link-live", () => void invite(send, { type: "live_offer", offer: "" }));
  return {
    paint(view) {
      const link = view.link;
      const live = view.live;
      // a game by link or live has no hints: the key legend leaves H out
      const legend = $("keys-legend");
      const keys = link ? "app.keys_no_hint" : "app.keys";
      if (legend.dataset.i18n !== keys) {
        legend.dataset.i18n = keys;
        legend.textContent = t(keys);
      }
      // while a line is being made or is up, the live panel says what to send
      root.hidden = !link || (live !== null && live.state !== "dropped");
      if (!link) return;
      $("link-live").hidden = link.over || (live !== null && live.state !== "dropped");
      paintLink(root, link, input, status);
      $("link-hold-row").hidden = !link.hold_offered;
      hold.checked = link.hold;
    },
    destroy: () => events.off(),
  };
}

/**
 * @param {HTMLElement} panel
 * @param {LinkView} link
 * @param {HTMLInputElement} input
 * @param {HTMLElement} status
 */
function paintLink(panel, link, input, status) {
  panel.dataset.waiting = link.waiting ? "1" : "";
  panel.dataset.seq = String(link.seq);
  let key = "link.play";
  if (link.over) key = link.waiting ? "link.over_send" : "link.over";
  else if (link.waiting && link.seq === 1) key = "link.invite";
  else if (link.waiting && link.asked) key = "link.asked";
  else if (link.waiting && link.declared) key = "link.send_dice";
  else if (link.waiting) key = "link.send";
  $("link-text").textContent = t(key, { side: t(`side.${link.me}`) });
  const url = link.url ? `${location.origin}${location.pathname}#${link.url}` : "";
  const row = input.parentElement;
  if (row) row.hidden = !url;
  if (input.value !== url) {
    input.value = url;
    status.textContent = "";
  }
}
