// A game played live (docs/live.md): the line between the two browsers (a WebRTC data channel)
// and the panel that shows the live link to send, the line's state, quick messages and chat.
//
// The page knows no protocol: the engine (web/worker/duel/livegame.py) makes and reads the live
// links, gives the other side's description of the line to take (`live.remote`), and the
// messages to put on the line (`live.outbox`); everything that arrives goes to the engine as
// it came. The page adds only a heartbeat (an empty message each second) to notice a line that
// went silent. The other side's words are shown with textContent only.

import { $, copyText, listeners, make } from "../dom.js";
import { t } from "../i18n.js";
import { createClocks } from "./live-clock.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").LiveView} LiveView */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

const BEAT_MS = 500; // a heartbeat each half second (a hidden tab's timers run once a second at most)
const SILENT_MS = 2000; // no word from the other side for this long: the line dropped (said within 3 s)
const GATHER_MS = 4000; // at most this long to learn this browser's addresses
const CONNECT_MS = 20000; // an answer taken, the line opens within this or has failed
export const DEFAULT_STUN = "stun:stun.l.google.com:19302";
const HANDOVER = "nard-live"; // the BroadcastChannel a new tab hands a live link to the waiting tab on
let waitingFor = ""; // the game whose answer this tab waits for (its invitation's), if any

/**
 * This tab's line: the connection and its channel, the last outbox number sent, the last remote
 * description taken, when the other side was last heard, the heartbeat's timer, and the servers.
 * @type {{pc: RTCPeerConnection | null, channel: RTCDataChannel | null, sent: number, token: number,
 *   heard: number, timer: number, internet: boolean, stun: string}}
 */
const line = { pc: null, channel: null, sent: 0, token: 0, heard: 0, timer: 0, internet: false, stun: DEFAULT_STUN };

/** The servers of the line: none on a local network (no server is contacted); the STUN server
 * of Settings "over the internet". */
function iceServers() {
  return line.internet && line.stun ? [{ urls: line.stun }] : [];
}

/** Over the internet (a STUN server) or not (this network only), and which server. */
export function setInternet(/** @type {boolean} */ internet, /** @type {string | undefined} */ stun) {
  line.internet = internet;
  if (stun !== undefined) line.stun = stun;
}

const STUN_KEY = "nard-stun";
const STUN_URL = /^stuns?:[A-Za-z0-9.-]{1,120}(:\d{1,5})?$/;

/** The STUN server of Settings: a `stun:host:port` URL, kept in this browser; the default otherwise. */
function stunSetting(/** @type {HTMLInputElement} */ input) {
  let saved = "";
  try {
    saved = localStorage.getItem(STUN_KEY) || "";
  } catch (_) {
    /* no storage: the default */
  }
  input.value = STUN_URL.test(saved) ? saved : DEFAULT_STUN;
  line.stun = input.value;
  return () => {
    const value = input.value.trim();
    line.stun = STUN_URL.test(value) ? value : DEFAULT_STUN;
    input.value = line.stun;
    try {
      localStorage.setItem(STUN_KEY, line.stun);
    } catch (_) {
      /* kept for this visit only */
    }
  };
}

function closeLine() {
  clearInterval(line.timer);
  line.timer = 0;
  if (line.channel) line.channel.onclose = line.channel.onmessage = null;
  if (line.pc) {
    line.pc.onconnectionstatechange = null;
    line.pc.close();
  }
  line.pc = line.channel = null;
}

/** The description of this side of a new line, once its addresses are all known. */
async function described(/** @type {RTCPeerConnection} */ pc) {
  await new Promise((done) => {
    if (pc.iceGatheringState === "complete") return done(null);
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        done(null);
      }
    });
  });
  return pc.localDescription ? pc.localDescription.sdp : "";
}

/** @param {Send} send */
function newLine(send) {
  closeLine();
  const pc = new RTCPeerConnection({ iceServers: iceServers() });
  line.pc = pc;
  line.sent = 0;
  pc.onconnectionstatechange = () => {
    if (line.pc === pc && (pc.connectionState === "failed" || pc.connectionState === "closed")) dropped(send, pc);
  };
  return pc;
}

/** @param {Send} send @param {RTCPeerConnection} pc */
function dropped(send, pc) {
  if (line.pc !== pc) return;
  const open = line.channel !== null && line.heard > 0;
  closeLine();
  send({ type: "live_state", state: open ? "dropped" : "failed" });
}

/** @param {Send} send @param {RTCDataChannel} channel @param {RTCPeerConnection} pc */
function useChannel(send, channel, pc) {
  line.channel = channel;
  channel.onopen = () => {
    line.heard = Date.now();
    send({ type: "live_state", state: "open" });
    line.timer = Number(setInterval(() => {
      if (channel.readyState === "open") channel.send("");
      if (Date.now() - line.heard > SILENT_MS) dropped(send, pc);
    }, BEAT_MS));
  };
  channel.onclose = () => dropped(send, pc);
  channel.onmessage = (event) => {
    line.heard = Date.now();
    if (typeof event.data !== "string" || event.data === "") return;
    send({ type: "live_in", data: event.data });
  };
}

// It became this player's turn by a friend's move while this tab is not looked at: the page's
// title says so until it is, and a system notification too if the player allowed it (asked only
// when they tick "Notify me" in Settings or the live panel).
const NOTIFY_KEY = "nard-live-notify";
let title = "";
function notify() {
  if (!title) title = document.title;
  document.title = `• ${t("live.your_turn_title")} — ${title}`;
  if (!notifyWanted() || typeof Notification !== "function" || Notification.permission !== "granted") return;
  const words = { body: t("live.notify_body"), tag: "nard-live" };
  const shown = "serviceWorker" in navigator ? navigator.serviceWorker.getRegistration() : Promise.resolve(undefined);
  void shown.then((registration) => {
    if (registration) void registration.showNotification(t("live.your_turn_title"), words);
    else new Notification(t("live.your_turn_title"), words);
  }).catch(() => {
    /* the title says it still */
  });
}
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && title) {
    document.title = title;
    title = "";
  }
});

function notifyWanted() {
  try {
    return localStorage.getItem(NOTIFY_KEY) === "1";
  } catch (_) {
    return false;
  }
}

/** The "Notify me" boxes (Settings and the live panel, one choice): ticked, the browser asks the
 * player's permission; refused or not offered, the box stays clear and the reason is said. */
function notifySetting(/** @type {HTMLInputElement[]} */ boxes, /** @type {HTMLElement} */ status) {
  const show = (/** @type {boolean} */ on) => {
    for (const box of boxes) box.checked = on;
  };
  show(notifyWanted() && typeof Notification === "function" && Notification.permission === "granted");
  return async (/** @type {Event} */ event) => {
    const box = /** @type {HTMLInputElement} */ (event.target);
    let on = box.checked;
    if (on) {
      const allowed = typeof Notification === "function" ? await Notification.requestPermission().catch(() => "denied") : "denied";
      on = allowed === "granted";
      status.textContent = on ? "" : t("live.notify_refused");
    }
    try {
      localStorage.setItem(NOTIFY_KEY, on ? "1" : "0");
    } catch (_) {
      /* kept for this visit only */
    }
    show(on);
  };
}

/** The offer of a new line (this side invites), sent with `intent` to the engine.
 * @param {Send} send @param {Intent & {type: "live_new" | "live_offer"}} intent */
export async function invite(send, intent) {
  const pc = newLine(send);
  useChannel(send, pc.createDataChannel("nard"), pc);
  await pc.setLocalDescription(await pc.createOffer());
  const offer = await described(pc);
  send(/** @type {Intent} */ ({ ...intent, offer }));
}

/** @param {Send} send @param {string} remote */
async function answerOffer(send, remote) {
  const pc = newLine(send);
  pc.ondatachannel = (event) => useChannel(send, event.channel, pc);
  await pc.setRemoteDescription({ type: "offer", sdp: remote });
  await pc.setLocalDescription(await pc.createAnswer());
  send({ type: "live_answer", answer: await described(pc) });
}

/** @param {Send} send @param {string} remote */
async function takeAnswer(send, remote) {
  const pc = line.pc;
  if (!pc) {
    send({ type: "live_state", state: "failed" }); // a reload lost the offer
    return;
  }
  await pc.setRemoteDescription({ type: "answer", sdp: remote });
  setTimeout(() => {
    if (line.pc === pc && !(line.channel && line.channel.readyState === "open")) dropped(send, pc);
  }, CONNECT_MS);
}

/**
 * A live link opened in a new tab is handed to the tab that waits for it (its invitation's
 * tab, which holds the line); true when one took it.
 * @param {string} fragment
 */
export async function handOver(fragment) {
  if (!/^live=[0-9a-f]{12}\./.test(fragment) || typeof BroadcastChannel !== "function") return false;
  if (waitingFor && fragment.startsWith(`live=${waitingFor}.`)) return false; // this very tab waits for it
  const channel = new BroadcastChannel(HANDOVER);
  try {
    return await new Promise((done) => {
      const timer = setTimeout(() => done(false), 700);
      channel.onmessage = (event) => {
        if (event.data && event.data.taken === fragment) {
          clearTimeout(timer);
          done(true);
        }
      };
      channel.postMessage({ fragment });
    });
  } finally {
    channel.close();
  }
}

/**
 * @param {HTMLElement} root the panel (#live-panel)
 * @param {{send: Send}} deps
 * @returns {{paint: (view: View) => void, destroy: () => void}}
 */
export function createLivePanel(root, { send }) {
  const events = listeners();
  const input = $("live-url", HTMLInputElement);
  const status = $("live-status");
  /** @type {View | null} */
  let shown = null;
  events.click("live-copy", async () => {
    status.textContent = t((await copyText(input)) ? "share.copied" : "share.select");
  });
  events.click("live-again", () => void invite(send, { type: "live_offer", offer: "" }));
  const stun = $("live-stun", HTMLInputElement);
  events.on(stun, "change", stunSetting(stun));
  const clocks = createClocks(send);
  const boxes = [$("live-notify", HTMLInputElement), $("live-notify-here", HTMLInputElement)];
  const onNotify = notifySetting(boxes, status);
  for (const box of boxes) events.on(box, "change", (/** @type {Event} */ e) => void onNotify(e));
  let waited = true; // this side waited for the other's link at the last view
  for (const quick of ["gg", "thanks", "your_turn", "moment"]) events.click(`live-q-${quick}`, () => send({ type: "live_say", quick }));
  events.on($("live-chat"), "submit", (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    const text = $("live-text", HTMLInputElement);
    if (text.value.trim()) send({ type: "live_say", text: text.value.slice(0, 200) });
    text.value = "";
  });
  // a live link opened in another tab of this browser, for the game this tab invites to
  const handover = typeof BroadcastChannel === "function" ? new BroadcastChannel(HANDOVER) : null;
  if (handover) {
    handover.onmessage = (event) => {
      const fragment = event.data && typeof event.data.fragment === "string" ? event.data.fragment : "";
      const live = shown && shown.live;
      const gid = shown && shown.link ? shown.link.gid : "";
      if (!live || live.state !== "inviting" || !fragment.startsWith(`live=${gid}.`)) return;
      handover.postMessage({ taken: fragment });
      send({ type: "load_url", fragment, link_save: null });
    };
  }
  return {
    paint(view) {
      shown = view;
      const live = view.live;
      root.hidden = !live;
      clocks.paint(live ? live.clock : null);
      if (!live) waitingFor = "";
      if (!live) {
        if (line.pc) closeLine();
        return;
      }
      const waits = !view.link || view.link.waiting || view.phase === "over";
      if (live.state === "connected" && waited && !waits && document.hidden) notify();
      waited = waits;
      root.dataset.state = live.state;
      waitingFor = live.state === "inviting" && view.link ? view.link.gid : "";
      if (live.remote && live.token !== line.token) {
        line.token = live.token;
        if (live.state === "answering") void answerOffer(send, live.remote).catch(() => send({ type: "live_state", state: "failed" }));
        else if (live.state === "connecting") void takeAnswer(send, live.remote).catch(() => send({ type: "live_state", state: "failed" }));
      }
      const channel = line.channel;
      if (live.state === "connected" && channel && channel.readyState === "open") {
        for (const item of live.outbox) {
          if (item.n > line.sent) {
            channel.send(item.data);
            line.sent = item.n;
          }
        }
      }
      if (live.state === "dropped" && line.pc) closeLine();
      paintPanel(live, input, status);
    },
    destroy: () => {
      events.off();
      clocks.destroy();
      if (handover) handover.close();
    },
  };
}

const TEXT = {
  inviting: "live.invite",
  answering: "live.answering",
  replying: "live.reply",
  connecting: "live.connecting",
  connected: "live.connected",
  dropped: "live.dropped",
};

/**
 * @typedef {{encode: (text: string, options: {ecc: "L" | "M", border: number}) =>
 *   {version: number, size: number, data: boolean[][]}}} Uqr
 */
/** @type {Promise<Uqr> | null} */
let uqr = null;
const MODULE_PX = 4; // a QR module's side in the canvas's pixels

/** The link as a QR code in `canvas` (npm `uqr`, vendored by tools/site.py), to show to a phone. */
async function drawQr(/** @type {HTMLCanvasElement} */ canvas, /** @type {string} */ url) {
  canvas.dataset.url = url;
  if (!url) {
    canvas.hidden = true;
    return;
  }
  uqr = uqr || /** @type {Promise<Uqr>} */ (import(new URL("vendor/uqr/index.mjs", document.baseURI).href));
  const { encode } = await uqr;
  if (canvas.dataset.url !== url) return; // another link came meanwhile
  const qr = encode(url, { ecc: "L", border: 2 });
  const side = qr.data.length;
  canvas.width = canvas.height = side * MODULE_PX;
  const context = canvas.getContext("2d");
  if (!context) return;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) context.fillRect(x * MODULE_PX, y * MODULE_PX, MODULE_PX, MODULE_PX);
    });
  });
  canvas.dataset.version = String(qr.version);
  canvas.dataset.modules = String(qr.size);
  canvas.hidden = false;
}

/** @param {LiveView} live @param {HTMLInputElement} input @param {HTMLElement} status */
function paintPanel(live, input, status) {
  $("live-text-state").textContent = t(TEXT[live.state]);
  const url = live.link && (live.state === "inviting" || live.state === "replying") ? `${location.origin}${location.pathname}#${live.link}` : "";
  const row = input.parentElement;
  if (row) row.hidden = !url;
  if (input.value !== url) {
    input.value = url;
    status.textContent = "";
    void drawQr($("live-qr", HTMLCanvasElement), url).catch(() => ($("live-qr").hidden = true));
  }
  $("live-again").hidden = live.state !== "dropped";
  $("live-talk").hidden = live.state !== "connected";
  const heard = $("live-heard");
  heard.replaceChildren(
    ...live.heard.map((words) => make("li", "", words.q ? t(`live.quick.${words.q}`) : String(words.t || ""))),
  );
}
