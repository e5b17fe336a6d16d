// What every part of the page does with the DOM: find one of index.html's elements by id, make
// an element, write a text or an attribute only when it changes, listen so that every listener
// can be taken off again, copy a text.
//
//   const events = listeners();
//   events.on(target, "change", fn);   // a target that is not there is passed over
//   events.click("btn-roll", fn);      // a click on the element with that id
//   events.off();                      // every one of them removed
//
// The page's parts share one shape: createX(root, deps) -> {paint(view), destroy()}, `root`
// the element the part draws into; each one finds its other elements by id (ids are unique in
// the page) and takes every listener it added off again in destroy().

/**
 * A part of the page: it draws a view (the engine's View unless said: the board draws a
 * BoardView) and takes itself off again.
 * @template [V=import("./view-model.js").View]
 * @typedef {{paint: (view: V) => void, destroy: () => void}} Part
 */

/**
 * One of the page's elements by id, checked to be a `type` (HTMLElement unless said): the page
 * is index.html, so a missing one is a mistake in it, said at once.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{new (): T, prototype: T}} [type]
 * @returns {T}
 */
export function $(id, type) {
  const found = document.getElementById(id);
  const wanted = type || HTMLElement;
  if (!(found instanceof wanted)) throw new Error(`index.html has no ${wanted.name} #${id}`);
  return /** @type {T} */ (found);
}

/**
 * The element `selector` finds in `root`, checked like $.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{new (): T, prototype: T}} [type]
 * @returns {T}
 */
export function part(root, selector, type) {
  const found = root.querySelector(selector);
  const wanted = type || HTMLElement;
  if (!(found instanceof wanted)) throw new Error(`no ${wanted.name} ${selector} where it belongs`);
  return /** @type {T} */ (found);
}

/**
 * A new HTML element with a class and a text (set as text, never as markup).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * A text written only when it changes: a node written again is laid out and painted again,
 * and a part paints every answer of the engine, most of which leave its words as they were.
 */
export function setText(/** @type {Node} */ node, /** @type {string} */ text) {
  if (node.textContent !== text) node.textContent = text;
}

/** An attribute written only when it changes (as setText). */
export function setAttr(/** @type {Element} */ node, /** @type {string} */ name, /** @type {string} */ value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** A button of type "button" (not a form's submit) with a class and a text. */
export function button(/** @type {string} */ className, /** @type {string} */ text) {
  const made = make("button", className, text);
  made.type = "button";
  return made;
}

/**
 * @typedef {object} Listeners
 * @property {(target: EventTarget | null, type: string, fn: (event: any) => void) => void} on
 * @property {(id: string, fn: (event: MouseEvent) => void) => void} click
 * @property {() => void} off
 */

/**
 * Listeners that can all be taken off again, so that a part of the page can be mounted,
 * destroyed and mounted once more without leaving a handler behind.
 * @returns {Listeners}
 */
export function listeners() {
  /** @type {(() => void)[]} */
  const added = [];
  /** @type {Listeners["on"]} */
  const on = (target, type, fn) => {
    if (!target) return;
    target.addEventListener(type, fn);
    added.push(() => target.removeEventListener(type, fn));
  };
  return {
    on,
    click: (id, fn) => on(document.getElementById(id), "click", fn),
    off() {
      for (const remove of added.splice(0).reverse()) remove();
    },
  };
}

/**
 * Copy a text, or an input's value (selected first, so that where the browser refuses the
 * clipboard the person can copy it by hand). True when it was copied.
 * @param {HTMLInputElement | string} source
 * @returns {Promise<boolean>}
 */
export async function copyText(source) {
  let text = source;
  if (typeof source !== "string") {
    source.select();
    text = source.value;
  }
  try {
    await navigator.clipboard.writeText(String(text));
    return true;
  } catch (_) {
    return false;
  }
}

/** Whether the person asked for less motion (the board then moves its checkers at once). */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// Save `data` (text, kept as JSON, or a Blob) as a file named `name`.
/**
 * @param {string | Blob} data
 * @param {string} name
 */
export function download(data, name) {
  const blob = data instanceof Blob ? data : new Blob([data], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
