// The small dialogs: a game's rules, giving up, and the settings (automation, the board's
// side, the coach, the language). `bindDialogs` wires their buttons and returns its unbind.
//
//   const unbind = bindDialogs({ view: () => currentView, send, setLanguage, fillLanguages });

import { t } from "./i18n.js";
import { listeners } from "./listen.js";

const $ = (id) => document.getElementById(id);
const PREFS = ["auto_roll", "auto_confirm", "auto_forced", "flip", "turn_board", "coach"];

export function bindDialogs({ view, send, setLanguage, fillLanguages }) {
  const events = listeners();
  const setPref = (name, value) => send({ type: "set", name, value });
  events.click("btn-resign", () => openResign(view(), send));
  events.click("resign-cancel", () => $("resign").close());
  events.click("btn-settings", () => {
    const prefs = (view() && view().prefs) || {};
    for (const name of PREFS) $(`pref-${name}`).checked = Boolean(prefs[name]);
    fillLanguages();
    $("settings").showModal();
  });
  events.click("settings-close", () => $("settings").close());
  events.click("btn-rules", () => openRules(view() ? view().variant : "backgammon"));
  events.click("rules-close", () => $("rules").close());
  for (const name of PREFS) {
    const box = $(`pref-${name}`);
    events.on(box, "change", () => setPref(name, box.checked));
  }
  events.on($("pref-lang"), "change", (e) => setLanguage(e.target.value));
  events.on($("lang-switch"), "change", (e) => setLanguage(e.target.value));
  return () => {
    events.off();
    $("resign-choices").replaceChildren();
  };
}

export function openRules(name) {
  $("rules-title").textContent = t(`variant.${name}.title`);
  const body = $("rules-body");
  body.textContent = "";
  for (const line of t(`rules.${name}`).split("\n")) {
    const p = document.createElement("p");
    p.textContent = line;
    body.appendChild(p);
  }
  $("rules").showModal();
}

// Giving up: backgammon offers a single game, a gammon or a backgammon (the other side
// answers); the other games concede at once, for what the game scores as it stands.
function openResign(view, send) {
  const costs = view && view.resign;
  if (!costs || (!costs.levels && costs.concede === undefined)) return;
  const choices = $("resign-choices");
  const choice = (text, intent) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "resign-choice";
    b.textContent = text;
    b.addEventListener("click", () => {
      $("resign").close();
      send(intent);
    });
    return b;
  };
  if (costs.levels) {
    $("resign-text").textContent = t("resign.offer");
    choices.replaceChildren(...costs.levels.map((c) => {
      const b = choice(t("resign.choice", { level: t(`resign.level.${c.level}`), points: c.points }), { type: "resign", level: c.level });
      b.dataset.level = c.level;
      return b;
    }));
  } else {
    $("resign-text").textContent = t("resign.concede", { points: costs.concede });
    choices.replaceChildren(choice(t("resign.confirm"), { type: "resign" }));
  }
  $("resign").showModal();
}

// Both language lists (settings and the header) from the engine's catalogue, `lang` chosen.
export function fillLanguages(languages, lang) {
  for (const select of [$("pref-lang"), $("lang-switch")]) {
    select.textContent = "";
    for (const language of languages) {
      const option = document.createElement("option");
      option.value = language.code;
      option.textContent = language.name;
      option.selected = language.code === lang;
      select.appendChild(option);
    }
  }
}
