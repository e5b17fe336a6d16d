// Listeners that can all be taken off again, so that a part of the page can be mounted,
// destroyed and mounted once more without leaving a handler behind:
//
//   const events = listeners();
//   events.on(target, "change", fn);   // a target that is not there is passed over
//   events.click("btn-roll", fn);      // a click on the element with that id
//   events.off();                      // every one of them removed

export function listeners() {
  const added = [];
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
