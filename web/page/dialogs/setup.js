// The start screen: the games with their rules, their options, the match length, the
// opponent, the computer's level and seat. Everything offered comes from the engine's
// catalogue (web/worker/presenter.py catalogue(), sent once in its hello); "Start" sends new_game.
//
//   const setup = createSetup(dialog, { catalogue: () => hello.catalogue, send, showRules });
//   setup.paint(view)    open when the engine's view asks for it, closed when it no longer does
//   setup.open()         opened by hand ("New game"), with a Cancel
//   setup.refresh()      filled again in a new language, when open
//   setup.destroy()      its listeners gone

import { $, button, listeners, make } from "../dom.js";
import { t } from "../i18n.js";
import { chosenClock, fillClockChoice } from "../panels/live-clock.js";
import { invite, setInternet } from "../panels/live-panel.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {Partial<import("../view-model.js").Catalogue>} Catalogue the hello's, or nothing before it */
/** @typedef {import("../view-model.js").VariantEntry} VariantEntry */
/** @typedef {import("../view-model.js").Intent} Intent */
/**
 * What the form shows, kept between fills.
 * @typedef {object} SetupState
 * @property {View | null} view the view last painted
 * @property {boolean} byHand opened with "New game", not by the engine: it stays open over any view
 * @property {string | undefined} shownVariant the game the options and lengths are filled for
 * @property {number | undefined} length the match length last chosen, kept while the game stays the same
 * @property {Set<string>} chosenOptions
 * @property {Catalogue} [catalogue] the engine's catalogue the form was last filled from
 */
/**
 * @typedef {object} SetupDeps
 * @property {(intent: Intent) => unknown} send
 * @property {() => Catalogue} catalogue
 * @property {(variant: string) => void} showRules a game's rules, over the start screen
 */

/** @type {Pick<VariantEntry, "options" | "cube" | "cube_limits" | "match_lengths" | "default_match_length"> & {default_cube_limit?: number}} */
const NO_VARIANT = { options: [], cube: false, cube_limits: [], match_lengths: [0], default_match_length: 0 };
/** @type {import("../view-model.js").Settings} */
const DEFAULT_SETTINGS = { variant: "backgammon", match_length: 0, opponent: "human" };
let liveWanted = false; // the app was opened by `#live`: the dialog opens with "live" chosen

/** The next time the dialog is filled, "A friend on another device, live" is chosen. */
export function chooseLive() {
  liveWanted = true;
}

/**
 * @param {HTMLDialogElement} root the dialog (#setup)
 * @param {SetupDeps} deps
 * @returns {import("../dom.js").Part & {open: () => void, refresh: () => void}}
 */
export function createSetup(root, deps) {
  const events = listeners();
  /** @type {SetupState} */
  const state = { view: null, byHand: false, shownVariant: undefined, length: undefined, chosenOptions: new Set() };
  const open = () => {
    if (!root.open) {
      fillSetup(state, deps);
      root.showModal();
    }
  };
  bindSetup(root, state, events, deps.send, open);
  return {
    open,
    paint(view) {
      state.view = view;
      if (view.screen === "setup") open();
      else if (root.open && !state.byHand) root.close();
    },
    refresh() {
      if (root.open) fillSetup(state, deps);
    },
    destroy() {
      events.off();
      $("variant-list").replaceChildren();
    },
  };
}

/**
 * The form's buttons: Start, Cancel (and Escape), "New game" and "New match".
 * @param {HTMLDialogElement} root
 * @param {SetupState} state
 * @param {import("../dom.js").Listeners} events
 * @param {SetupDeps["send"]} send
 * @param {() => void} open
 */
function bindSetup(root, state, events, send, open) {
  const match = $("setup-match", HTMLSelectElement);
  events.on($("setup-form"), "submit", (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    state.byHand = false;
    root.close();
    const intent = chosenGame();
    if (intent.type === "live_new") {
      setInternet($("setup-internet", HTMLInputElement).checked, undefined);
      void invite(send, intent).catch(() => send({ type: "live_state", state: "failed" }));
    } else send(intent);
  });
  events.on(match, "change", () => {
    state.length = Number(match.value);
  });
  // the level matters only against the computer; its strength is said for the chosen game
  events.on($("setup-form"), "change", (/** @type {Event} */ e) => {
    const target = /** @type {HTMLInputElement} */ (e.target);
    if (target && ["opponent", "variant"].includes(target.name)) paintLevel(state.catalogue);
    else if (target && target.id === "setup-level") paintLevel(state.catalogue);
  });
  events.click("btn-new-match", () => send({ type: "setup" }));
  events.click("btn-new", () => {
    state.byHand = true;
    open();
  });
  events.click("setup-cancel", () => {
    state.byHand = false;
    root.close();
    send({ type: "close_setup" });
  });
  events.on(root, "cancel", (/** @type {Event} */ e) => {
    e.preventDefault();
    $("setup-cancel").click();
  });
}

// The intent of the form as it is filled: a new game, or a game by link.
/** @returns {Intent} */
function chosenGame() {
  const options = [...document.querySelectorAll('input[name="option"]:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value);
  const limit = document.getElementById("setup-cube-limit");
  if (limit instanceof HTMLSelectElement && limit.value !== limit.dataset.default) options.push(`cube-limit-${limit.value}`);
  const opponent = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="opponent"]:checked'));
  const token = [selectedVariant(), ...options.sort()].join("+");
  const seat = /** @type {import("../view-model.js").Side} */ ($("setup-seat", HTMLSelectElement).value); // w or b
  if (opponent && opponent.value === "link") return { type: "link_new", variant: token, seat };
  if (opponent && opponent.value === "live") {
    // the offer: live-panel.js
    return { type: "live_new", variant: token, seat, offer: "", clock: chosenClock($("setup-clock", HTMLSelectElement)) };
  }
  const level = $("setup-level", HTMLSelectElement).value;
  return {
    type: "new_game",
    settings: {
      variant: token,
      match_length: Number($("setup-match", HTMLSelectElement).value),
      opponent: opponent ? opponent.value : "human",
      ...(level ? { level } : {}),
      seat,
      dice: $("setup-hand", HTMLInputElement).checked ? "hand" : "app",
    },
  };
}

// The whole form from the view's settings: the games, their options, the opponent, the level.
/**
 * @param {SetupState} state
 * @param {SetupDeps} deps
 */
function fillSetup(state, deps) {
  const view = state.view;
  const settings = (view && view.settings) || DEFAULT_SETTINGS;
  const [current, ...options] = settings.variant.split("+");
  // the game chosen last is offered first, whatever game the board shows (a game of the library)
  const variant = (view && view.prefs && view.prefs.game) || current;
  state.shownVariant = variant;
  state.chosenOptions = new Set(variant === current ? options : []);
  state.length = settings.match_length;
  const onChange = () => fillOptions(state, deps.catalogue());
  $("variant-list").replaceChildren(...(deps.catalogue().variants || []).map((v) => variantCard(v.name, v.name === variant, onChange, deps.showRules)));
  fillOptions(state, deps.catalogue());
  for (const input of document.querySelectorAll('input[name="opponent"]')) {
    const radio = /** @type {HTMLInputElement} */ (input);
    radio.checked = radio.value === (liveWanted ? "live" : settings.opponent);
  }
  liveWanted = false;
  $("setup-seat", HTMLSelectElement).value = settings.seat || "w";
  $("setup-hand", HTMLInputElement).checked = (/** @type {{dice?: string}} */ (settings)).dice === "hand";
  fillSelect($("setup-level", HTMLSelectElement), deps.catalogue().levels || [], (name) => t(`level.${name}`), settings.level);
  fillClockChoice($("setup-clock", HTMLSelectElement));
  $("setup-cancel").hidden = !(view && view.screen === "board") && !state.byHand;
  state.catalogue = deps.catalogue();
  paintLevel(state.catalogue);
}

/**
 * The level chooser: enabled only against the computer, with the chosen level's measured
 * strength in the chosen game (its share of the points against the level below; the lowest,
 * the share of the level above against it: docs/training.md).
 * @param {Catalogue | undefined} catalogue
 */
function paintLevel(catalogue) {
  const level = $("setup-level", HTMLSelectElement);
  const opponent = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="opponent"]:checked'));
  const computer = !!opponent && opponent.value === "computer";
  level.disabled = !computer;
  const strength = $("setup-level-strength");
  strength.hidden = !computer;
  const levels = (catalogue && catalogue.levels) || [];
  const shares = ((catalogue && catalogue.level_shares) || {})[selectedVariant()] || {};
  const index = levels.indexOf(level.value);
  if (index > 0 && shares[level.value] !== undefined) {
    strength.textContent = t("level.strength.above", { share: Math.round(shares[level.value]), below: t(`level.${levels[index - 1]}`) });
  } else if (index === 0 && levels.length > 1 && shares[levels[1]] !== undefined) {
    strength.textContent = t("level.strength.lowest", { share: Math.round(shares[levels[1]]), above: t(`level.${levels[1]}`) });
  } else {
    strength.textContent = "";
  }
}

/**
 * One game to choose: its name, a line on it and a link to its rules.
 * @param {string} name
 * @param {boolean} checked
 * @param {() => void} onChange
 * @param {(variant: string) => void} showRules
 */
function variantCard(name, checked, onChange, showRules) {
  const label = make("label", "variant-card");
  const input = choice("radio", "variant", name, checked);
  input.addEventListener("change", onChange);
  const body = make("span", "variant-body");
  const title = make("strong", "", t(`variant.${name}.title`));
  const line = make("span", "variant-line", t(`variant.${name}.summary`));
  const rules = button("link rules-link", t("setup.rules"));
  rules.addEventListener("click", (e) => {
    e.preventDefault();
    showRules(name);
  });
  const head = make("span", "variant-head");
  head.append(title, rules);
  body.append(head, line);
  label.append(input, body);
  return label;
}

function selectedVariant() {
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="variant"]:checked'));
  return input ? input.value : "backgammon";
}

// The chosen game's options, its cube limits and the lengths it offers.
/**
 * @param {SetupState} state
 * @param {Catalogue} catalogue
 */
function fillOptions(state, catalogue) {
  const name = selectedVariant();
  const variant = (catalogue.variants || []).find((v) => v.name === name) || NO_VARIANT;
  const box = $("setup-options");
  box.replaceChildren(...variant.options.map((option) => optionBox(option, state.chosenOptions.has(option))));
  if (variant.cube) box.appendChild(cubeLimit(variant, state.chosenOptions));
  $("setup-options-wrap").hidden = !box.childNodes.length;
  // a game played to a fixed length proposes it when chosen
  const kept = state.shownVariant === name || state.shownVariant === undefined ? Number(state.length) : NaN;
  const lengths = variant.match_lengths;
  fillLengths(lengths, lengths.includes(kept) ? kept : variant.default_match_length);
  state.shownVariant = name;
}

function fillLengths(/** @type {number[]} */ lengths, /** @type {number} */ wanted) {
  const label = (/** @type {number} */ n) => (n === 0 ? t("setup.single") : t("setup.match_to", { n }));
  fillSelect($("setup-match", HTMLSelectElement), lengths, label, wanted);
}

/**
 * A list to choose from, one option per item, `chosen` selected.
 * @template {string | number} T
 * @param {HTMLSelectElement} select
 * @param {T[]} items
 * @param {(item: T) => string} label
 * @param {T | undefined} chosen
 */
function fillSelect(select, items, label, chosen) {
  select.replaceChildren(
    ...items.map((item) => {
      const option = make("option", "", label(item));
      option.value = String(item);
      option.selected = item === chosen;
      return option;
    }),
  );
}

/**
 * A radio button or a check box of a form's group `name`.
 * @param {"radio" | "checkbox"} type
 * @param {string} name
 * @param {string} value
 * @param {boolean} checked
 */
function choice(type, name, value, checked) {
  const input = make("input");
  input.type = type;
  input.name = name;
  input.value = value;
  input.checked = checked;
  return input;
}

// A rule option to tick, with what it changes.
function optionBox(/** @type {string} */ option, /** @type {boolean} */ checked) {
  const label = make("label", "option");
  const input = choice("checkbox", "option", option, checked);
  const text = make("span");
  text.append(make("strong", "", t(`option.${option}`)), make("small", "", t(`option.${option}.hint`)));
  label.append(input, text);
  return label;
}

// The cube's highest face: the game's own unless an option chose another.
/**
 * @param {typeof NO_VARIANT} variant
 * @param {Set<string>} chosenOptions
 */
function cubeLimit(variant, chosenOptions) {
  const label = make("label", "option");
  const span = make("span", "", t("option.cube-limit"));
  const select = make("select");
  select.id = "setup-cube-limit";
  let chosen = variant.default_cube_limit;
  for (const o of chosenOptions) if (o.startsWith("cube-limit-")) chosen = Number(o.slice(11));
  select.dataset.default = String(variant.default_cube_limit);
  for (const n of variant.cube_limits) {
    const option = make("option", "", String(n));
    option.value = String(n);
    option.selected = n === chosen;
    select.appendChild(option);
  }
  label.append(span, select);
  return label;
}
