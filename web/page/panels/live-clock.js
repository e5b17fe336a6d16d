// The clocks of a game played live (docs/live.md "Clocks"), drawn beside the board on both
// devices. The engine owns them (web/worker/duel/livegame.py, liveclock.py): its view gives each
// side's reserve, whose clock runs and the delay left, and says who lost on time. Between two
// views the page counts down on its own; when the running reserve shows 0 it asks the engine
// (`live_tick`), which alone decides whether a flag fell.

import { $, make } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").ClockView} ClockView */
/** @typedef {(intent: import("../view-model.js").Intent) => unknown} Send */

/** The time controls offered when inviting, as live sites offer them: [delay, reserve] in seconds. */
export const CLOCKS = /** @type {const} */ ([[8, 60], [12, 120], [15, 300], [20, 600]]);
const TICK_MS = 200;
const ASK_MS = 1000; // the reserve shown spent: the engine is asked at most once a second

/** A time control's name in the dialog: "12 s a move + 2 min a game". */
export function clockName(/** @type {number} */ delay, /** @type {number} */ reserve) {
  return t("live.clock_control", { delay, minutes: reserve / 60 });
}

/**
 * The Clocks choice when inviting (New game, Share): none first, then CLOCKS by name; the
 * choice made stays when it is filled again (a language changed, the dialog opened again).
 * @param {HTMLSelectElement} select
 */
export function fillClockChoice(select) {
  const chosen = select.value;
  const option = (/** @type {string} */ value, /** @type {string} */ text) => {
    const made = /** @type {HTMLOptionElement} */ (make("option", "", text));
    made.value = value;
    return made;
  };
  select.replaceChildren(option("", t("live.clock_none")),
    ...CLOCKS.map(([delay, reserve]) => option(`${delay}:${reserve}`, clockName(delay, reserve))));
  select.value = chosen;
}

/**
 * The time control chosen, as the engine takes it (`clock` of live_new): [delay, reserve] in
 * seconds, or null for none.
 * @param {HTMLSelectElement} select
 * @returns {number[] | null}
 */
export function chosenClock(select) {
  return select.value ? select.value.split(":").map(Number) : null;
}

/** Seconds as m:ss, rounded up (a clock shows 0:00 only when the time is spent). */
export function clockText(/** @type {number} */ seconds) {
  const whole = Math.max(0, Math.ceil(seconds - 1e-6));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * @param {Send} send
 * @returns {{paint: (clock: ClockView | null) => void, destroy: () => void}}
 */
export function createClocks(send) {
  /** @type {ClockView | null} */
  let shown = null;
  let since = 0; // when the view was painted (performance.now)
  let timer = 0;
  let asked = -Infinity;
  const draw = () => {
    if (!shown) return;
    const clock = shown;
    const elapsed = (performance.now() - since) / 1000;
    for (const side of /** @type {const} */ (["w", "b"])) {
      const box = $(`live-clock-${side}`);
      const running = clock.running === side && !clock.paused && !clock.flag;
      const delay = running ? Math.max(0, clock.delay - elapsed) : 0;
      const left = running ? clock[side] - Math.max(0, elapsed - clock.delay) : clock[side];
      const name = t(`side.${side}`) + (clock.me === side ? ` (${t("live.clock_you")})` : "");
      box.replaceChildren(make("span", "", name), make("span", "time", `${clockText(left)}${delay > 0 ? ` +${Math.ceil(delay)}` : ""}`));
      box.dataset.left = String(Math.max(0, left));
      box.toggleAttribute("data-running", running);
      box.toggleAttribute("data-flag", clock.flag === side);
      box.title = clock.flag === side ? t("live.clock_flag") : running && delay > 0 ? t("live.clock_delay") : "";
      if (running && left <= 0 && performance.now() - asked > ASK_MS) {
        asked = performance.now();
        send({ type: "live_tick" });
      }
    }
  };
  return {
    paint(clock) {
      $("live-clocks").hidden = !clock;
      clearInterval(timer);
      timer = 0;
      shown = clock;
      since = performance.now();
      if (!clock) return;
      draw();
      if (clock.running && !clock.paused && !clock.flag) timer = Number(setInterval(draw, TICK_MS));
    },
    destroy: () => clearInterval(timer),
  };
}
