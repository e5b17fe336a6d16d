// Dice you can check (docs/fair-dice.md): the commitment the next rolls come from, the player's
// own words mixed into the dice before the first roll, the seed shown on asking, and Verify dice.
// The engine decides everything (web/worker/fairplay.py); this part shows its view and sends
// the player's three actions.
//
// Text from the engine is only ever set with textContent or as an input's value.

import { $, listeners, make } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").FairView} FairView */
/** @typedef {import("../view-model.js").Intent} Intent */

const FAILURES = { seed: "dice.check_seed", roll: "dice.check_roll", record: "dice.check_record", unproven: "dice.check_unproven" };

/**
 * @param {HTMLDetailsElement} root the panel (#dice-panel)
 * @param {{send: (intent: Intent) => unknown}} deps
 * @returns {import("../dom.js").Part}
 */
export function createDicePanel(root, { send }) {
  const events = listeners();
  const entropy = $("dice-entropy", HTMLInputElement);
  const add = () => {
    if (!entropy.value.trim()) return;
    send({ type: "dice_entropy", text: entropy.value });
    entropy.value = "";
  };
  events.click("dice-entropy-add", add);
  events.on(entropy, "keydown", (/** @type {KeyboardEvent} */ event) => {
    event.stopPropagation(); // the board's keys (R roll, U undo ...) are not for this field
    if (event.key === "Enter") add();
  });
  events.click("dice-reveal", () => send({ type: "dice_reveal" }));
  events.click("dice-verify", () => send({ type: "dice_verify" }));
  /** @type {string | null} */
  let shownFor = null;
  return {
    paint(view) {
      const fair = view.fair;
      root.hidden = !fair;
      if (!fair) return;
      // open by itself while the player may still add words: the moment that matters
      if (shownFor !== fair.commitment) {
        shownFor = fair.commitment;
        if (fair.may_add && fair.rolls === 0) root.open = true;
      }
      paintFair(fair);
    },
    destroy: () => events.off(),
  };
}

/** @param {FairView} fair */
function paintFair(fair) {
  const commitment = $("dice-commitment", HTMLInputElement);
  if (commitment.value !== fair.commitment) commitment.value = fair.commitment;
  $("dice-entropy-row").hidden = !fair.may_add;
  $("dice-entropy-shown").textContent = fair.entropy && !fair.entropy.startsWith("time:")
    ? t("dice.entropy_is", { text: fair.entropy })
    : fair.entropy ? t("dice.entropy_time") : "";
  $("dice-reveal").hidden = fair.secret_rolls === 0;
  $("dice-verify").hidden = fair.revealed.length === 0;
  const result = $("dice-result");
  const check = fair.check;
  if (!check) {
    result.textContent = "";
    result.dataset.ok = "";
  } else if (check.status === "ok") {
    result.textContent = t("dice.check_ok", { n: check.rolls });
    result.dataset.ok = "1";
  } else {
    const key = FAILURES[/** @type {keyof typeof FAILURES} */ (check.status)] || "dice.check_roll";
    result.textContent = t(key, { n: check.first || 0 });
    result.dataset.ok = check.status === "unproven" ? "" : "0";
  }
  const list = $("dice-seeds");
  list.replaceChildren(...fair.revealed.map((seed) => {
    const item = make("li", "", t("dice.seed", { n: seed.rolls }) + " ");
    item.append(make("code", "", seed.seed));
    return item;
  }));
}
