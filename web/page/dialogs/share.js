// The share dialog: the whole game as a link, the position only as a link a person can read,
// for backgammon the gnubg ID and the XGID, the game's record on a page of one's own
// (<nard-board>), each with a copy button; the board as a picture (SVG as the engine draws it,
// or PNG through a canvas); and the game record as a .mat file (nardcore/matfile.py: gnubg
// imports a backgammon one). Values are only ever set as text.

import { listeners } from "./listen.js";

const $ = (id) => document.getElementById(id);
const KINDS = ["game", "position", "gnubg", "xgid"];
const PNG_WIDTH = 960;

const attribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export class Share {
  // page: { t(key, args), variant(), download(blob, name), send(intent) }
  constructor(page) {
    this.page = page;
    this.svg = null;
    this.mat = null;
    this.events = listeners();
    this.events.click("share-close", () => $("share").close());
    this.events.click("share-svg", () => this.downloadSvg());
    this.events.click("share-png", () => this.downloadPng());
    this.events.click("share-mat", () => this.downloadMat());
    // a game by link from the position on the board (web/linkplay.js shows the link to send)
    this.events.click("share-link", () => {
      $("share").close();
      this.page.send({ type: "link_new", from_board: true, seat: "w" });
    });
  }

  // Its listeners off the page, the copy buttons' with them.
  destroy() {
    this.events.off();
    $("share-rows").replaceChildren();
  }

  // links: {game, position, gnubg?, xgid?, svg?, mat?} — game and position are URL fragments.
  show(links) {
    const base = `${location.origin}${location.pathname}`; // never the page's own query (?dice=…)
    const rows = [];
    for (const kind of KINDS) {
      if (typeof links[kind] !== "string") continue;
      const value = kind === "game" || kind === "position" ? `${base}#${links[kind]}` : links[kind];
      rows.push(this.row(kind, value));
    }
    // the board with its moves on another page: <nard-board> (docs/embed.md), loaded from this site
    if (typeof links.record === "string") {
      const script = new URL("embed.js", base).href;
      rows.push(this.row("embed", `<script src=\"${attribute(script)}\"><\/script> <nard-board record=\"${attribute(links.record)}\"></nard-board>`));
    }
    $("share-rows").replaceChildren(...rows);
    this.svg = typeof links.svg === "string" ? links.svg : null;
    $("share-svg").hidden = $("share-png").hidden = !this.svg;
    this.mat = typeof links.mat === "string" ? links.mat : null;
    $("share-mat").hidden = !this.mat;
    // the editor's set-up has no game of its own to play by link or to edit again
    $("share-link").hidden = $("share-edit").hidden = typeof links.game !== "string";
    $("share-status").textContent = "";
    if (!$("share").open) $("share").showModal();
    const first = $("share-rows").querySelector("input");
    if (first) first.select();
  }

  row(kind, value) {
    const { t } = this.page;
    const box = document.createElement("div");
    box.className = "share-row";
    const label = document.createElement("label");
    label.htmlFor = `share-${kind}`;
    label.textContent = t(`share.${kind}`);
    const input = document.createElement("input");
    input.id = `share-${kind}`;
    input.className = "share-url";
    input.readOnly = true;
    input.value = value;
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "share-copy";
    copy.dataset.kind = kind;
    copy.textContent = t("share.copy");
    copy.addEventListener("click", () => this.copy(input));
    box.append(label, input, copy);
    return box;
  }

  async copy(input) {
    const { t } = this.page;
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("share-status").textContent = t("share.copied");
    } catch (_) {
      $("share-status").textContent = t("share.select");
    }
  }

  name(extension) {
    return `nard-${this.page.variant()}-${new Date().toISOString().slice(0, 10)}.${extension}`;
  }

  downloadSvg() {
    if (this.svg) this.page.download(new Blob([this.svg], { type: "image/svg+xml" }), this.name("svg"));
  }

  downloadMat() {
    if (this.mat) this.page.download(new Blob([this.mat], { type: "text/plain" }), this.name("mat"));
  }

  async downloadPng() {
    if (!this.svg) return;
    const url = URL.createObjectURL(new Blob([this.svg], { type: "image/svg+xml" }));
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = PNG_WIDTH;
      canvas.height = Math.round((PNG_WIDTH * image.naturalHeight) / image.naturalWidth);
      canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
      if (blob) this.page.download(blob, this.name("png"));
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}
