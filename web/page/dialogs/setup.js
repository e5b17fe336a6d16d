// The start screen: the games with their rules, their options, the match length, the
// opponent, the computer's level and seat. Everything offered comes from the engine's
// catalogue (web/presenter.py catalogue(), sent once in its hello); "Start" sends new_game.
//
//   const setup = createSetup({ view: () => currentView, catalogue: () => hello.catalogue, send });
//   setup.follow(view)   open when the engine's view asks for it, closed when it no longer does
//   setup.open()         opened by hand ("New game"), with a Cancel
//   setup.refresh()      filled again in a new language, when open
//   setup.destroy()      its listeners gone

import { t } from "./i18n.js";
import { openRules } from "./dialogs.js";
import { listeners } from "./listen.js";

const $ = (id) => document.getElementById(id);
const NO_VARIANT = { options: [], cube: false, cube_limits: [], match_lengths: [0], default_match_length: 0 };

export function createSetup({ view: current, catalogue, send }) {
  const events = listeners();
  let byHand = false; // opened with "New game", not by the engine: it stays open over any view
  let shownVariant; // the game the options and lengths are filled for
  let length; // the match length last chosen, kept while the game stays the same
  let chosenOptions = new Set();

  const open = () => {
    if (!$("setup").open) {
      fill();
      $("setup").showModal();
    }
  };

  const fill = () => {
    const view = current();
    const settings = (view && view.settings) || { variant: "backgammon", match_length: 0, opponent: "human" };
    const [variant, ...options] = settings.variant.split("+");
    shownVariant = variant;
    chosenOptions = new Set(options);
    length = settings.match_length;
    $("variant-list").replaceChildren(...(catalogue().variants || []).map((v) => variantCard(v, v.name === variant)));
    fillOptions();
    for (const input of document.querySelectorAll('input[name="opponent"]')) input.checked = input.value === settings.opponent;
    $("setup-seat").value = settings.seat || "w";
    const level = $("setup-level");
    level.textContent = "";
    for (const name of catalogue().levels || []) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = t(`level.${name}`);
      option.selected = name === settings.level;
      level.appendChild(option);
    }
    $("setup-cancel").hidden = !(view && view.screen === "board") && !byHand;
  };

  const variantCard = (v, checked) => {
    const label = document.createElement("label");
    label.className = "variant-card";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "variant";
    input.value = v.name;
    input.checked = checked;
    input.addEventListener("change", fillOptions);
    const body = document.createElement("span");
    body.className = "variant-body";
    const title = document.createElement("strong");
    title.textContent = t(`variant.${v.name}.title`);
    const line = document.createElement("span");
    line.className = "variant-line";
    line.textContent = t(`variant.${v.name}.summary`);
    const rules = document.createElement("button");
    rules.type = "button";
    rules.className = "link rules-link";
    rules.textContent = t("setup.rules");
    rules.addEventListener("click", (e) => {
      e.preventDefault();
      openRules(v.name);
    });
    const head = document.createElement("span");
    head.className = "variant-head";
    head.append(title, rules);
    body.append(head, line);
    label.append(input, body);
    return label;
  };

  const selectedVariant = () => {
    const input = document.querySelector('input[name="variant"]:checked');
    return input ? input.value : "backgammon";
  };

  // The chosen game's options, its cube limits and the lengths it offers.
  const fillOptions = () => {
    const name = selectedVariant();
    const variant = (catalogue().variants || []).find((v) => v.name === name) || NO_VARIANT;
    const box = $("setup-options");
    box.replaceChildren(...variant.options.map(optionBox));
    if (variant.cube) box.appendChild(cubeLimit(variant));
    $("setup-options-wrap").hidden = !box.childNodes.length;
    // a game played to a fixed length proposes it when chosen
    const match = $("setup-match");
    const kept = shownVariant === name || shownVariant === undefined ? Number(length) : NaN;
    const lengths = variant.match_lengths;
    const wanted = lengths.includes(kept) ? kept : variant.default_match_length;
    match.textContent = "";
    for (const n of lengths) {
      const option = document.createElement("option");
      option.value = String(n);
      option.textContent = n === 0 ? t("setup.single") : t("setup.match_to", { n });
      option.selected = n === wanted;
      match.appendChild(option);
    }
    shownVariant = name;
  };

  const optionBox = (option) => {
    const label = document.createElement("label");
    label.className = "option";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.name = "option";
    input.value = option;
    input.checked = chosenOptions.has(option);
    const text = document.createElement("span");
    const strong = document.createElement("strong");
    strong.textContent = t(`option.${option}`);
    const hint = document.createElement("small");
    hint.textContent = t(`option.${option}.hint`);
    text.append(strong, hint);
    label.append(input, text);
    return label;
  };

  const cubeLimit = (variant) => {
    const label = document.createElement("label");
    label.className = "option";
    const span = document.createElement("span");
    span.textContent = t("option.cube-limit");
    const select = document.createElement("select");
    select.id = "setup-cube-limit";
    let chosen = variant.default_cube_limit;
    for (const o of chosenOptions) if (o.startsWith("cube-limit-")) chosen = Number(o.slice(11));
    select.dataset.default = String(variant.default_cube_limit);
    for (const n of variant.cube_limits) {
      const option = document.createElement("option");
      option.value = String(n);
      option.textContent = String(n);
      option.selected = n === chosen;
      select.appendChild(option);
    }
    label.append(span, select);
    return label;
  };

  const submit = (e) => {
    e.preventDefault();
    const options = [...document.querySelectorAll('input[name="option"]:checked')].map((i) => i.value);
    const limit = $("setup-cube-limit");
    if (limit && limit.value !== limit.dataset.default) options.push(`cube-limit-${limit.value}`);
    const opponent = document.querySelector('input[name="opponent"]:checked');
    byHand = false;
    $("setup").close();
    const token = [selectedVariant(), ...options.sort()].join("+");
    if (opponent && opponent.value === "link") return send({ type: "link_new", variant: token, seat: $("setup-seat").value });
    send({
      type: "new_game",
      settings: {
        variant: token,
        match_length: Number($("setup-match").value),
        opponent: opponent ? opponent.value : "human",
        ...($("setup-level").value ? { level: $("setup-level").value } : {}),
        seat: $("setup-seat").value,
      },
    });
  };

  events.on($("setup-form"), "submit", submit);
  events.on($("setup-match"), "change", () => {
    length = Number($("setup-match").value);
  });
  events.click("btn-new-match", () => send({ type: "setup" }));
  events.click("btn-new", () => {
    byHand = true;
    open();
  });
  events.click("setup-cancel", () => {
    byHand = false;
    $("setup").close();
    send({ type: "close_setup" });
  });
  events.on($("setup"), "cancel", (e) => {
    e.preventDefault();
    $("setup-cancel").click();
  });

  return {
    open,
    follow(view) {
      if (view.screen === "setup") open();
      else if ($("setup").open && !byHand) $("setup").close();
    },
    refresh() {
      if ($("setup").open) fill();
    },
    destroy() {
      events.off();
      $("variant-list").replaceChildren();
    },
  };
}
