// web/page/i18n.js under Node's own test runner: the words of web/i18n/*.json, their plural
// forms, the isolates of a right-to-left language and the choice of a language.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

// What the module reaches of the browser: the language files by fetch, <html lang dir>, the address.
globalThis.fetch = /** @type {typeof fetch} */ (async (url) => {
  const path = fileURLToPath(String(url));
  return /** @type {Response} */ ({ ok: existsSync(path), json: async () => JSON.parse(readFileSync(path, "utf-8")) });
});
globalThis.document = /** @type {Document} */ (/** @type {unknown} */ ({ documentElement: {} }));
globalThis.location = /** @type {Location} */ (/** @type {unknown} */ ({ search: "", href: "file:///" })); // library/store.js reads it

const { LANGUAGES, isolate, isRtl, loadStrings, matchLanguage, t } = await import("../../web/page/i18n.js");

const FOLDER = new URL("../../web/i18n/", import.meta.url);
const words = (/** @type {string} */ code) => JSON.parse(readFileSync(new URL(`${code}.json`, FOLDER), "utf-8"));
const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";

test("LANGUAGES lists every language file by its own name, in the order of the codes", () => {
  const codes = readdirSync(FOLDER).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5)).sort();
  assert.deepEqual(LANGUAGES.map((language) => language.code), codes);
  for (const { code, name } of LANGUAGES) assert.equal(name, words(code)._name);
});

test("a string with its arguments; English where the language lacks it; the key where English does too", async () => {
  await loadStrings("de");
  assert.equal(t("msg.engine_error", { error: "x" }), words("de")["msg.engine_error"].replace("{error}", "x"));
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(document.documentElement.lang, "de");
  assert.equal(document.documentElement.dir, "ltr");
  assert.equal(t("aria.cube", {}), words("de")["aria.cube"].replace("{value}", ""), "a missing argument is empty");
});

test("a language without a file falls back to English", async () => {
  await loadStrings("xx");
  assert.equal(t("aria.cube", { value: 2 }), words("en")["aria.cube"].replace("{value}", "2"));
});

test("a plural string takes the form of its number by the language's rules (Russian: one, few, many)", async () => {
  await loadStrings("ru");
  const forms = words("ru")["rollout.done"];
  assert.equal(forms.plural, "n");
  assert.equal(t("rollout.done", { n: 1 }), forms.one.replace("{n}", "1"));
  assert.equal(t("rollout.done", { n: 3 }), forms.few.replace("{n}", "3"));
  assert.equal(t("rollout.done", { n: 5 }), forms.many.replace("{n}", "5"));
  assert.equal(t("rollout.done", { n: 21 }), forms.one.replace("{n}", "21"));
  assert.equal(t("rollout.done", { n: "1.5" }), forms.other.replace("{n}", "1.5"), "a decimal is not 'one'");
  assert.equal(t("rollout.done", { n: "many" }), forms.other.replace("{n}", "many"), "no number: other");
});

test("a reason given as a key is put in the page's words; any other object is not shown", async () => {
  await loadStrings("en");
  const reason = { key: "why.position_game", args: { name: "chess" } };
  assert.equal(t("msg.engine_error", { error: reason }), words("en")["msg.engine_error"].replace("{error}",
    words("en")["why.position_game"].replace("{name}", "chess")));
  assert.equal(t("msg.engine_error", { error: { key: "msg.engine_error" } }), words("en")["msg.engine_error"].replace("{error}", ""));
});

test("in a right-to-left language each argument is isolated: a figure left to right, a word by its first letter", async () => {
  await loadStrings("he");
  assert.ok(isRtl());
  assert.equal(document.documentElement.dir, "rtl");
  assert.ok(t("aria.cube", { value: 64 }).includes(`${LRI}64${PDI}`));
  assert.ok(t("aria.cube", { value: "−0.674" }).includes(`${LRI}−0.674${PDI}`));
  assert.ok(t("aria.cube", { value: "Anna" }).includes(`${FSI}Anna${PDI}`));
  assert.equal(isolate("24/18 13/9"), `${LRI}24/18 13/9${PDI}`);
  await loadStrings("en");
  assert.ok(!isRtl());
  assert.equal(isolate("24/18"), "24/18");
  assert.ok(!t("aria.cube", { value: 64 }).includes(LRI));
});

test("the browser's first language there is a file for: the whole tag, then its language, else English", () => {
  const codes = LANGUAGES.map((language) => language.code);
  assert.equal(matchLanguage(["fa-IR", "en"], codes), "fa");
  assert.equal(matchLanguage(["az_Latn_AZ"], codes), "az");
  assert.equal(matchLanguage(["pt-BR", "ru-RU"], codes), "ru");
  assert.equal(matchLanguage(["pt-BR"], codes), "en");
  assert.equal(matchLanguage([], codes), "en");
});
