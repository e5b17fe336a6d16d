// Lessons: the Learn screen (a game chosen, its lessons with their done marks) and, once a lesson
// is open, its task beside the board. The board itself is the page's board drawing the lesson's
// board (with the way round and the homes: the view's `guide`); the person plays the task on it as
// in a game, and the engine checks every try (web/worker/lessons.py). This part only draws the
// engine's `learn` view and sends intents: learn, lesson_open, lesson_again, lesson_next,
// learn_close, and learn_game (a first game with the coach).
//
// Text from the engine is only ever set with textContent.

import { $, button, listeners, make } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").LearnView} LearnView */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

/**
 * @param {HTMLDialogElement} root the Learn screen (#learn)
 * @param {{send: Send, panel: HTMLElement}} deps panel: the lesson's section beside the board (#lesson)
 * @returns {import("../dom.js").Part}
 */
export function createLearn(root, { send, panel }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  const learn = () => (current && current.learn) || null;
  events.click("btn-learn", () => send({ type: "learn" }));
  events.click("learn-close", () => send({ type: "learn_close" }));
  // a first game of the game chosen against the beginner level, the coach explaining its first turns
  events.click("learn-first-game", () => send({ type: "learn_game", game: (learn() || { variant: undefined }).variant }));
  events.on(root, "cancel", (event) => {
    event.preventDefault(); // Escape: the engine closes the screen, and the view says so
    send({ type: "learn_close" });
  });
  events.click("lesson-list", () => send({ type: "learn", game: (learn() || { variant: undefined }).variant }));
  events.click("lesson-again", () => send({ type: "lesson_again" }));
  events.click("lesson-next", () => send({ type: "lesson_next" }));
  events.click("lesson-close", () => send({ type: "learn_close" }));
  return {
    paint(view) {
      const before = learn();
      current = view;
      const now = view.learn || null;
      const listing = Boolean(now && !now.open);
      if (listing && now) paintList(now, send);
      if (listing && !root.open) root.showModal();
      if (!listing && root.open) root.close();
      paintLesson(panel, now);
      // a lesson just opened: its task is read first (the panel's heading takes the focus)
      if (now && now.open && (!before || !before.open || before.open.id !== now.open.id)) $("lesson-title").focus();
    },
    destroy() {
      events.off();
      $("learn-games").replaceChildren();
      $("learn-list").replaceChildren();
    },
  };
}

/** The games to choose from and the chosen game's lessons, each with its done mark. */
function paintList(/** @type {LearnView} */ learn, /** @type {Send} */ send) {
  $("learn-games").replaceChildren(...learn.games.map((name) => {
    const chosen = name === learn.variant;
    const b = button(chosen ? "learn-game primary" : "learn-game ghost", t(`variant.${name}.title`));
    b.setAttribute("aria-pressed", String(chosen));
    b.dataset.game = name;
    b.addEventListener("click", () => send({ type: "learn", game: name }));
    return b;
  }));
  const done = learn.lessons.filter((lesson) => lesson.done).length;
  $("learn-progress").textContent = t("learn.progress", { done, of: learn.lessons.length });
  $("learn-list").replaceChildren(...learn.lessons.map((lesson) => {
    const item = make("li", "learn-item");
    const b = button(lesson.done ? "learn-lesson done" : "learn-lesson", "");
    b.dataset.lesson = lesson.id;
    const mark = make("span", "learn-mark", lesson.done ? "✓" : "");
    mark.setAttribute("aria-hidden", "true");
    b.append(mark, make("span", "learn-name", t(lesson.title)));
    if (lesson.done) b.append(make("span", "visually-hidden", t("learn.done_mark")));
    b.addEventListener("click", () => send({ type: "lesson_open", lesson: lesson.id }));
    item.append(b);
    return item;
  }));
}

/** The lesson open: its title, the task, what the board's marks mean, and its buttons. */
function paintLesson(/** @type {HTMLElement} */ panel, /** @type {LearnView | null} */ learn) {
  const open = learn && learn.open;
  panel.hidden = !open;
  document.body.classList.toggle("in-lesson", Boolean(open));
  if (!open || !learn) return;
  $("lesson-title").textContent = t(open.title);
  $("lesson-game").textContent = t(`variant.${learn.variant}.title`);
  const step = $("lesson-step");
  step.hidden = open.of < 2;
  step.textContent = open.of < 2 ? "" : t("learn.step", { n: open.index + 1, of: open.of });
  $("lesson-text").textContent = t(open.text, open.args || {});
  panel.dataset.state = open.state;
  panel.dataset.lesson = open.id;
  $("lesson-next").hidden = !(open.state === "done" && open.next);
  $("lesson-list").classList.toggle("primary", open.state === "done" && !open.next);
}
