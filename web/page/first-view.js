// The view painted before Python is up: the last one this page kept (library/tabs.js keeps every
// answer's view under "nard.view"), else the engine's start view the build put into the page.

import { readStore } from "./keep.js";

/** @typedef {import("./view-model.js").FirstView} FirstView */

const VIEW_KEY = "nard.view"; // as library/tabs.js writes it


/** @returns {FirstView} */
export function firstView() {
  try {
    const view = JSON.parse(readStore(VIEW_KEY) || "null");
    if (view && Array.isArray(view.checkers) && typeof view.position === "string") {
      // a view kept by an older page may lack the board's arrows
      return { ...view, arrows: Array.isArray(view.arrows) ? view.arrows : [], movable: [], destinations: [], selected: null, can: {}, screen: "board" };
    }
  } catch (_) {
    /* painted from the start position instead */
  }
  return startView();
}

// The engine's view of a fresh default session (web/presenter.py start_view), which the build
// puts into the page as JSON; an empty board where a page lacks it.
/** @returns {FirstView} */
export function startView() {
  try {
    const view = JSON.parse(document.getElementById("nard-start-view")?.textContent || "null");
    if (view && Array.isArray(view.checkers) && typeof view.position === "string") {
      return { ...view, screen: "board" };
    }
  } catch (_) {
    /* an empty board instead */
  }
  return { variant: "backgammon", token: "backgammon", options: [], cube_limit: 64, cube_face: 64, geometry: "opposite",
    numbering: [0, ...Array.from({ length: 24 }, (_, k) => 24 - k)], position: "", phase: "opening", turn: "w", to_act: null,
    checkers: [], points: {}, movable: [], selected: null, destinations: [], dice: [], dice_text: "", opening_dice: null,
    cube: { enabled: false, value: 1, owner: null, offered: false }, flipped: false, arrows: [], guide: null, players: {} };
}
