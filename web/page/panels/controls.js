// The panels around the board, drawn from the engine's view: the players (pips, borne off,
// score), the title and the last move, the buttons the view allows, the record beside the
// board and the message line. `send` takes the intents of what is clicked here.
//
// Text from the engine is only ever set with textContent.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function paintPanels(view) {
  const flipped = "flipped" in view ? Boolean(view.flipped) : Boolean(view.prefs && view.prefs.flip);
  const top = flipped ? "w" : "b";
  const bottom = flipped ? "b" : "w";
  paintPlayer($("player-top"), top, view);
  paintPlayer($("player-bottom"), bottom, view);
  const title = $("game-title");
  if (title) {
    let text = t(`variant.${view.variant}.title`);
    if (view.match) text += " · " + t("match.to", { n: view.match.length });
    if (view.match && view.match.crawford) text += " · " + t("match.crawford");
    title.textContent = text;
  }
  const last = $("last-move");
  if (last) {
    last.textContent = view.last ? t("last.move", { side: t(`side.${view.last.side}`), dice: view.last.dice, play: view.last.text || t("last.pass") }) : "";
  }
}

function paintPlayer(node, side, view) {
  if (!node) return;
  const p = (view.players || {})[side] || { pips: 0, off: 0, score: 0 };
  node.dataset.side = side;
  node.classList.toggle("to-act", view.to_act === side && view.phase !== "over");
  const name = node.querySelector(".name");
  name.textContent = t(`side.${side}`) + (p.kind === "computer" ? ` · ${t("player.computer")}` : "");
  node.querySelector(".pips").textContent = t("player.pips", { n: p.pips });
  node.querySelector(".off").textContent = t("player.off", { n: p.off });
  const score = node.querySelector(".score");
  score.textContent = view.match ? t("player.score_match", { n: p.score, len: view.match.length }) : t("player.score", { n: p.score });
}

// The buttons: each one shown and enabled exactly when the view says it may be used.
export function paintControls(view) {
  const can = view.can || {};
  const shown = {
    "btn-roll": can.roll, "btn-double": can.double, "btn-take": can.take, "btn-beaver": can.beaver, "btn-drop": can.drop,
    "btn-confirm": can.confirm, "btn-next": can.next_game, "btn-new-match": can.new_match, "btn-hint": can.hint,
    "btn-resign": can.resign, "btn-accept-resign": can.answer_resign, "btn-decline-resign": can.answer_resign,
    "btn-review": can.review && !view.review,
  };
  for (const [id, on] of Object.entries(shown)) {
    const b = $(id);
    if (b) {
      b.hidden = !on;
      b.disabled = !on;
    }
  }
  if (!can.resign && $("resign").open) $("resign").close();
  const undo = $("btn-undo");
  undo.hidden = view.phase !== "move" || view.bot_pending;
  undo.disabled = !can.undo;
  const confirm = $("btn-confirm");
  const passing = view.phase === "move" && can.confirm && view.dice.every((d) => !d.used);
  confirm.textContent = passing ? t("btn.pass") : t("btn.confirm");
  $("btn-roll").textContent = view.phase === "opening" ? t("btn.roll_opening") : t("btn.roll");
  const flip = $("btn-flip");
  flip.setAttribute("aria-pressed", view.prefs && view.prefs.flip ? "true" : "false");
}

// The record's arrows: each button and where it steps to.
const REPLAY_BUTTONS = [["replay-first", "first"], ["replay-back", "back"], ["replay-forward", "forward"], ["replay-last", "last"]];

// The record beside the board: every turn numbered, the cube and resignations; a click (or
// the arrows) shows the position after it, "Play on from here" starts a new game there.
export function paintRecord(view, send) {
  const entries = view.record || [];
  const box = $("record");
  box.hidden = !entries.length;
  const at = view.replay ? view.replay.at : entries.length;
  const list = $("record-list");
  list.replaceChildren(...entries.map((entry) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = `link record-item kind-${entry.kind}`;
    button.textContent = recordLine(entry);
    if (entry.index + 1 === at) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => send({ type: "replay", to: entry.index + 1 }));
    li.append(button);
    return li;
  }));
  const current = list.querySelector('[aria-current="true"]');
  if (current && view.replay) current.scrollIntoView({ block: "nearest" });
  for (const [id, to] of REPLAY_BUTTONS) {
    const b = $(id);
    b.disabled = to === "first" || to === "back" ? at === 0 : !view.replay;
    b.onclick = () => send({ type: "replay", to });
  }
  $("btn-play-on").hidden = !(view.can && view.can.play_on);
}

// The record's entries, and their handlers, off the page.
export function clearRecord() {
  $("record-list").replaceChildren();
  for (const [id] of REPLAY_BUTTONS) $(id).onclick = null;
}

// One line of the record in the page's language: "3. White 64: 24/18 13/9", "White doubles to 2".
function recordLine(entry) {
  const side = entry.side ? t(`side.${entry.side}`) : "";
  const dice = Array.isArray(entry.dice) ? entry.dice.join("") : "";
  if (entry.kind === "opening") {
    const [w, b] = entry.dice || [];
    return t(w === b ? "record.opening_tie" : "record.opening", { w, b });
  }
  if (entry.kind === "play" || entry.kind === "pass") {
    const play = entry.kind === "play" ? entry.play : t("record.pass");
    return `${entry.number}. ${side} ${dice}: ${play}`;
  }
  if (entry.kind === "resign" && !entry.level) return t("record.concede", { side });
  const level = entry.level ? t(`resign.level.${entry.level}`) : "";
  return t(`record.${entry.kind}`, { side, cube: entry.cube ?? "", level });
}

export function paintMessage(view) {
  const m = view.message;
  if (!m) {
    showMessage("", "");
    return;
  }
  const args = { ...(m.args || {}) };
  for (const key of ["side", "winner", "loser"]) if (args[key]) args[key] = t(`side.${args[key]}`);
  if (args.level) args.level = t(`resign.level.${args.level}`);
  if (m.key === "held") args.why = t(`held.${args.why}`);
  if (args.kind) args.kind = t(`kind.${args.kind}`);
  if (args.w !== undefined && m.key === "opening") args.ties = args.ties ? t("msg.opening_ties", { n: args.ties }) : "";
  const tone = ["game_over", "match_over", "draw", "resigned"].includes(m.key) ? "result" : ["save_corrupt", "url_bad", "not_now", "bad_dice", "link_refused", "link_wait", "edit_bad_text"].includes(m.key) ? "warn" : "";
  showMessage(t(`msg.${m.key}`, args), tone);
}

export function showMessage(text, tone) {
  const node = $("message");
  node.textContent = text;
  node.dataset.tone = tone || "";
  node.hidden = !text;
}
