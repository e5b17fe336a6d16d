// The Games screen: the player's library (web/store.js), newest first. Open, rename, export,
// delete with an undo, and import a game exported before or a .mat game record (the engine
// tells them apart). Opening goes through the engine
// (`open_game`), which reads the save as strictly as any other.
//
// Names and details come from storage, which another page could have written: they are only
// ever set with textContent.

import { listeners } from "./listen.js";
import { deleteGame, listGames, renameGame, restoreGame, savedGame } from "./store.js";

const $ = (id) => document.getElementById(id);
const MAX_IMPORT = 2_000_000; // bytes: the engine refuses larger saves anyway

export class Games {
  // page: { t(key, args), send(intent), currentId(), lang(), download(text, name) }
  constructor(page) {
    this.page = page;
    this.removed = null; // the last deleted game, for Undo
    this.events = listeners();
    this.events.click("btn-games", () => this.open());
    this.events.click("games-close", () => $("games").close());
    this.events.click("games-undo-btn", () => this.undoDelete());
    this.events.on($("games-import"), "change", (e) => this.importFile(e.target));
    this.events.on($("games"), "close", () => {
      this.removed = null;
      $("games-undo").hidden = true;
    });
  }

  // Its listeners off the page, the list's with it.
  destroy() {
    this.events.off();
    $("games-list").replaceChildren();
  }

  open() {
    this.paint();
    if (!$("games").open) $("games").showModal();
  }

  paint() {
    const { t } = this.page;
    const list = $("games-list");
    const games = listGames();
    const current = this.page.currentId();
    list.replaceChildren(...games.map((entry) => this.item(entry, entry.id === current)));
    $("games-empty").hidden = games.length > 0;
    $("games-count").textContent = t("games.count", { n: games.length });
  }

  item(entry, current) {
    const { t } = this.page;
    const li = document.createElement("li");
    li.className = "game-entry";
    li.dataset.gameId = entry.id;
    li.dataset.position = typeof entry.position === "string" ? entry.position : "";
    if (current) li.dataset.current = "1";
    const main = document.createElement("div");
    main.className = "game-main";
    const name = document.createElement("span");
    name.className = "game-name";
    name.textContent = entry.name || this.variantTitle(entry);
    const detail = document.createElement("span");
    detail.className = "game-detail";
    detail.textContent = this.detail(entry, current);
    main.append(name, detail);
    const actions = document.createElement("div");
    actions.className = "game-actions";
    const button = (cls, key, fn, primary = false) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `${cls}${primary ? " primary" : " ghost"}`;
      b.textContent = t(key);
      b.addEventListener("click", fn);
      actions.append(b);
      return b;
    };
    const openButton = button("game-open", current ? "games.on_board" : "games.open", () => this.openGame(entry.id), !current);
    openButton.disabled = current;
    button("game-rename", "games.rename", () => this.startRename(li, entry));
    button("game-export", "games.export", () => this.exportGame(entry));
    button("game-delete", "games.delete", () => this.deleteGame(entry));
    li.append(main, actions);
    return li;
  }

  variantTitle(entry) {
    const { t } = this.page;
    const base = t(`variant.${entry.variant}.title`);
    const options = typeof entry.token === "string" ? entry.token.split("+").slice(1) : [];
    return options.length ? `${base} (${options.join(", ")})` : base;
  }

  detail(entry, current) {
    const { t } = this.page;
    const parts = [];
    if (entry.name) parts.push(this.variantTitle(entry));
    parts.push(entry.opponent === "computer"
      ? t("games.vs_computer", { level: t(`level.${entry.level}`) })
      : t("games.two_players"));
    const score = Array.isArray(entry.score) ? entry.score.map((n) => Number(n) || 0) : [0, 0];
    if (entry.match_length) parts.push(t("games.match_score", { n: entry.match_length, w: score[0], b: score[1] }));
    else if (score[0] || score[1]) parts.push(t("games.score", { w: score[0], b: score[1] }));
    if (entry.over) {
      parts.push(entry.winner === "w" || entry.winner === "b" ? t("games.won", { side: t(`side.${entry.winner}`) }) : t("games.over"));
    } else {
      const turn = typeof entry.position === "string" ? entry.position.split(":")[1] : "";
      if (turn === "w" || turn === "b") parts.push(t("games.to_play", { side: t(`side.${turn}`) }));
    }
    if (entry.updated) {
      try {
        parts.push(new Date(entry.updated).toLocaleString(this.page.lang(), { dateStyle: "medium", timeStyle: "short" }));
      } catch (_) {
        /* a date this browser cannot format: left out */
      }
    }
    if (current) parts.push(t("games.current"));
    return parts.join(" · ");
  }

  openGame(id) {
    const save = savedGame(id);
    if (!save) {
      this.say(this.page.t("games.missing"));
      return;
    }
    $("games").close();
    this.page.send({ type: "open_game", save });
  }

  startRename(li, entry) {
    const { t } = this.page;
    const name = li.querySelector(".game-name");
    const input = document.createElement("input");
    input.className = "game-name-input";
    input.maxLength = 80;
    input.value = entry.name || this.variantTitle(entry);
    input.setAttribute("aria-label", t("games.rename"));
    const done = (keep) => {
      if (keep) renameGame(entry.id, input.value);
      this.paint();
    };
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") done(true);
      if (e.key === "Escape") {
        e.preventDefault(); // the dialog stays open
        done(false);
      }
      e.stopPropagation(); // the page's keys (R, U, H ...) are not for this field
    });
    input.addEventListener("blur", () => done(true));
    name.replaceWith(input);
    input.focus();
    input.select();
  }

  exportGame(entry) {
    const save = savedGame(entry.id);
    if (!save) return;
    const stamp = new Date(entry.updated || Date.now()).toISOString().slice(0, 10);
    this.page.download(save, `nard-${entry.variant}-${stamp}-${entry.id}.json`);
  }

  deleteGame(entry) {
    const { t } = this.page;
    const removed = deleteGame(entry.id);
    if (!removed) return;
    this.removed = removed;
    $("games-undo-text").textContent = t("games.deleted", { name: entry.name || this.variantTitle(entry) });
    $("games-undo").hidden = false;
    $("games-undo-btn").hidden = false;
    // the game on the board is gone from the library: the next newest takes its place
    if (entry.id === this.page.currentId()) {
      const next = listGames()[0];
      const save = next && savedGame(next.id);
      this.page.send(save ? { type: "open_game", save } : { type: "discard" });
    }
    this.paint();
  }

  undoDelete() {
    if (this.removed) restoreGame(this.removed);
    this.removed = null;
    $("games-undo").hidden = true;
    this.paint();
  }

  async importFile(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT) {
      this.say(this.page.t("games.import_large"));
      return;
    }
    const save = await file.text();
    $("games").close();
    this.page.send({ type: "open_game", save, copy: true });
  }

  say(text) {
    $("games-undo-text").textContent = text;
    $("games-undo").hidden = false;
    $("games-undo-btn").hidden = true;
  }
}
