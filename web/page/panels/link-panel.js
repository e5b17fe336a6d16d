// A game played by link (docs/link-play.md): the panel with the link to send, and, when a
// link is opened, the save of the game it belongs to, which the engine checks it against.
//
// Link text is only ever set as an input's value or with textContent.

import { t } from "./i18n.js";
import { listGames, savedGame } from "./store.js";

const $ = (id) => document.getElementById(id);
const LINK = /^d=([0-9a-f]{12})\.([wb])\d{1,5}\./;

// The save of this device's side of the game a `d=` link belongs to: the side that did not send
// it (else the sender's own, so the engine can say it is one's own link); null when none.
export function linkSave(fragment) {
  const found = LINK.exec(String(fragment || "").replace(/^#/, ""));
  if (!found) return null;
  const [, gid, sender] = found;
  const games = listGames().filter((e) => e.link && e.link.gid === gid);
  const entry = games.find((e) => e.link.side !== sender) || games[0];
  return entry ? savedGame(entry.id) : null;
}

// The copy button of the link panel; its listener comes off with the page's (listen.js).
export function bindLink(events) {
  events.click("link-copy", async () => {
    const input = $("link-url");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("link-status").textContent = t("share.copied");
    } catch (_) {
      $("link-status").textContent = t("share.select");
    }
  });
}

// The panel beside the board: what this device waits for, and the link to send meanwhile.
export function paintLink(view) {
  const panel = $("link-panel");
  if (!panel) return;
  const link = view && view.link;
  panel.hidden = !link;
  if (!link) return;
  panel.dataset.waiting = link.waiting ? "1" : "";
  panel.dataset.seq = String(link.seq);
  let key = "link.play";
  if (link.over) key = link.waiting ? "link.over_send" : "link.over";
  else if (link.waiting && link.seq === 1) key = "link.invite";
  else if (link.waiting && link.asked) key = "link.asked";
  else if (link.waiting) key = "link.send";
  $("link-text").textContent = t(key, { side: t(`side.${link.me}`) });
  const url = link.url ? `${location.origin}${location.pathname}#${link.url}` : "";
  const row = $("link-url").parentElement;
  row.hidden = !url;
  if ($("link-url").value !== url) {
    $("link-url").value = url;
    $("link-status").textContent = "";
  }
}
