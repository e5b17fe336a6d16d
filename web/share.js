// The share dialog: the whole game as a link, the position only as a link a person can read,
// for backgammon the gnubg ID and the XGID, each with a copy button; and the board as a picture
// (SVG as the engine draws it, or PNG through a canvas). Values are only ever set as text.

const $ = (id) => document.getElementById(id);
const KINDS = ["game", "position", "gnubg", "xgid"];
const PNG_WIDTH = 960;

export class Share {
  // page: { t(key, args), variant(), download(blob, name), send(intent) }
  constructor(page) {
    this.page = page;
    this.svg = null;
    $("share-close").addEventListener("click", () => $("share").close());
    $("share-svg").addEventListener("click", () => this.downloadSvg());
    $("share-png").addEventListener("click", () => this.downloadPng());
    // a game by link from the position on the board (web/linkplay.js shows the link to send)
    $("share-link").addEventListener("click", () => {
      $("share").close();
      this.page.send({ type: "link_new", from_board: true, seat: "w" });
    });
  }

  // links: {game, position, gnubg?, xgid?, svg?} — game and position are URL fragments.
  show(links) {
    const base = `${location.origin}${location.pathname}`; // never the page's own query (?dice=…)
    const rows = [];
    for (const kind of KINDS) {
      if (typeof links[kind] !== "string") continue;
      const value = kind === "game" || kind === "position" ? `${base}#${links[kind]}` : links[kind];
      rows.push(this.row(kind, value));
    }
    $("share-rows").replaceChildren(...rows);
    this.svg = typeof links.svg === "string" ? links.svg : null;
    $("share-svg").hidden = $("share-png").hidden = !this.svg;
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
