// The fray tracker page: a GM's or a player's view of one fight, drawn from
// the server's API (see docs/server.md). Nothing here knows a ruleset: the
// state, the prompt and its options are rendered from their JSON.
"use strict";

const $ = (sel) => document.querySelector(sel);

// el makes an element with attributes and children (strings become text).
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) {
    if (k === undefined || k === null) continue;
    e.append(k instanceof Node ? k : String(k));
  }
  return e;
}

// The fight and token come from the fragment: #fight=ID&token=TOKEN.
const page = {
  fight: "",
  token: "",
  view: null,       // the last GET /fights/{id}
  seq: 0,           // the refresh in flight; older answers are dropped
  stream: null,     // the EventSource
  lastEvent: -1,    // the id of the last stream message received
  received: [],     // versions received over the stream, in order
  pending: null,    // a decision waiting for physical dice: {command, dice, need}
  busy: false,
  as: "",           // whom the GM answers for, when not the prompt's actor
  asVersion: -1,    // the version page.as was chosen at
  deciding: "",     // whose options the page shows
  sheets: null,     // whether the ruleset describes sheets (null: not known yet)
  oddsWaiting: false, // the odds shown are not all computed yet
  latest: 0,        // the fight's latest version the stream has told of
  streamOpen: false, // the stream is connected
  streamOpened: false, // it has been connected before (an open is then a reconnection)
  log: [],          // every decision the stream has sent: {version, entry, undoneAt, undoneBy}
  failures: 0,      // reads failed in a row, for the backoff
  retryAt: 0,       // when the next read after a failure is due (ms since the epoch), 0 if none
  wasYours: false,  // the last prompt drawn was the viewer's to answer
  reading: 0,       // the seq of the read under way, 0 if none
  confirmUndo: false, // the undo button has been pressed once: it asks to confirm
  mapCell: null,    // the point last clicked on the map: {version, x, y}
};

// ApiError is a problem (RFC 9457) the server answered with.
class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || ("HTTP " + status));
    this.status = status;
    this.body = body || {};
    this.code = (this.body.type || "").split("/").pop();
    this.retryAfter = 0; // seconds, from a Retry-After header
  }
}

// api makes a request of the server with the page's token, or with token
// when given (the creation token, to start a fight).
async function api(method, path, body, token) {
  const headers = { "Accept": "application/json" };
  const bearer = token === undefined ? page.token : token;
  if (bearer) headers["Authorization"] = "Bearer " + bearer;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch (e) { data = { detail: text }; }
  }
  if (!res.ok) {
    const err = new ApiError(res.status, data);
    err.retryAfter = Number(res.headers.get("Retry-After")) || 0;
    throw err;
  }
  return data;
}

function showMessage(text) {
  const m = $("#message");
  m.textContent = text || "";
  m.hidden = !text;
}

// ---------- starting a fight ----------

async function showStart() {
  $("#start").hidden = false;
  $("#fight").hidden = true;
  $("#title").textContent = "new fight";
  try {
    const list = await api("GET", "/encounters");
    const sel = $("#bundled");
    sel.replaceChildren(...list.encounters.map((e) =>
      el("option", { value: e.name }, e.name + " (" + e.ruleset + ")")));
    document.body.dataset.encounters = String(list.encounters.length);
  } catch (e) {
    startError(e.message, null);
  }
}

// startError shows why a fight could not start, selecting the line it
// names in the pasted text ("encounter.yaml:4:12: ...").
function startError(text, source) {
  const box = $("#start-error");
  delete box.dataset.line;
  box.textContent = text;
  box.hidden = false;
  const m = /:(\d+):(\d+):/.exec(text) || /line (\d+)/.exec(text);
  if (m && source !== null) {
    const line = Number(m[1]);
    box.dataset.line = String(line);
    box.textContent = "line " + line + ": " + text;
    const ta = $("#yaml");
    const lines = ta.value.split("\n");
    if (line >= 1 && line <= lines.length) {
      let start = 0;
      for (let i = 0; i < line - 1; i++) start += lines[i].length + 1;
      ta.focus();
      ta.setSelectionRange(start, start + lines[line - 1].length);
    }
  }
}

// The server's creation token, which starting a fight needs (unless the
// server is open), is asked for once and kept in this browser's storage;
// fray serve prints a link that hands it to the page (#create=TOKEN).
const createKey = "fray:create-token";

function createToken() {
  const typed = $("#create-token").value.trim();
  return typed || localStorage.getItem(createKey) || "";
}

async function create(body, source) {
  $("#start-error").hidden = true;
  const token = createToken();
  try {
    const made = await api("POST", "/fights", body, token);
    if (token) localStorage.setItem(createKey, token);
    $("#create-token").value = "";
    $("#create-auth").hidden = true;
    // Tokens are shown once: keep the players' links with the GM's browser.
    localStorage.setItem("fray:seats:" + made.id, JSON.stringify(made.players));
    location.hash = new URLSearchParams({ fight: made.id, token: made.gm_token }).toString();
  } catch (e) {
    if (e.status === 401) {
      // No creation token, or one the server does not know: ask for it.
      localStorage.removeItem(createKey);
      $("#create-auth").hidden = false;
      $("#create-token").focus();
      startError(token ? "The server does not know this creation token: check it and start again." :
        "Enter the server's creation token, then start again.", null);
      return;
    }
    startError(e.message, source);
  }
}

// ---------- the fight ----------

async function openFight() {
  $("#start").hidden = true;
  $("#fight").hidden = false;
  // The stream from the start: it brings the whole log, decisions taken
  // back included, and then each new entry; the page reads the rest.
  connect();
  await refresh();
}

// refresh reads the fight (its view carries the sheets, the board and a
// player's own options), and the options of whoever the GM answers for
// when they are not the prompt's actor's; draws them; then reads the
// odds, when the prompt is the viewer's.
async function refresh() {
  const seq = ++page.seq;
  page.reading = seq;
  try {
    await read(seq);
  } finally {
    if (page.reading === seq) page.reading = 0;
  }
}

// read is refresh's work, its answers dropped once a newer refresh (seq)
// has begun.
async function read(seq) {
  const fight = "/fights/" + page.fight;
  // One read a decision: the view carries the sheets, the board and a
  // player's own options; only the GM answering for another than the
  // prompt's actor reads that one's options apart.
  let view, options = null;
  try {
    view = await api("GET", fight);
    const as = decider(view);
    if (view.own && as === view.viewer.combatant) options = { version: view.version, prompt: view.own };
    else if (view.yours && view.prompt.kind !== "end" && as !== view.prompt.actor) {
      options = await api("GET", fight + "/options?" + new URLSearchParams({ actor: as }));
    }
  } catch (e) {
    if (seq === page.seq) readFailed(e);
    return;
  }
  const sheets = { version: view.version, described: !!view.described, sheets: view.sheets || [] };
  if (seq !== page.seq) return;
  page.failures = 0;
  page.retryAt = 0;
  clearTimeout(retryTimer); retryTimer = null;
  if (sheets) page.sheets = sheets.described;
  // Reads made apart may straddle a decision: read again until they agree.
  const versions = [sheets && sheets.version, options && options.version];
  if (versions.some((v) => v !== null && v !== undefined && v !== view.version)) {
    scheduleRefresh();
    return;
  }
  // An error about an earlier version is stale once the fight moves on.
  if (page.view && page.view.version !== view.version) showMessage("");
  if (view.version > page.latest) page.latest = view.version;
  page.view = view;
  page.deciding = decider(view);
  draw(view, sheets && sheets.described ? sheets.sheets : null, options && options.prompt);
  if (view.yours && view.prompt.kind !== "end") loadOdds(view, seq);
  // The stream told of a newer version while this read was under way.
  if (view.version < page.latest) { page.reading = 0; scheduleRefresh(); }
  setLive();
}

// readFailed keeps the page reading until it has the fight: a refusal for
// want of room (429, 503) is tried again after the Retry-After it names, a
// failure of the server or the network after a growing wait (0.5 s, 1 s,
// 2 s... up to 8 s); any other refusal is shown, since reading again would
// not change it.
function readFailed(e) {
  if (e.code === "revoked") { linkReplaced(e.message); return; }
  const transient = !(e instanceof ApiError) || e.status === 429 || e.status >= 500;
  if (!transient) {
    showMessage(e.message);
    setLive();
    return;
  }
  page.failures++;
  const backoff = Math.min(8000, 500 * 2 ** (page.failures - 1));
  const wait = e.retryAfter > 0 ? e.retryAfter * 1000 : backoff;
  page.retryAt = Date.now() + wait;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => { retryTimer = null; refresh(); }, wait);
  setLive();
}

// logVersion is the version up to which the page has the log.
function logVersion() {
  return Math.max(page.lastEvent, 0);
}

// setLive says in the header whether the page shows the fight as it is:
// "live" only when the stream is connected and the page has drawn the
// latest version it has told of; "behind" while it catches up (reading
// again after a failure, or waiting for the stream's entries);
// "reconnecting" while the stream is down.
function setLive() {
  const live = $("#live");
  const v = page.view;
  let state, text;
  if (linkState.replaced) {
    state = "replaced"; text = "link replaced";
  } else if (!page.streamOpen) {
    state = "reconnecting"; text = "reconnecting…";
  } else if (!v || v.version < page.latest || logVersion() < v.version) {
    state = "behind";
    const wait = page.retryAt ? Math.max(1, Math.round((page.retryAt - Date.now()) / 1000)) : 0;
    text = wait ? "behind: reading again in " + wait + " s" : "behind: catching up";
  } else {
    state = "live"; text = "live";
  }
  live.dataset.state = state;
  live.textContent = text;
  live.dataset.latest = String(page.latest);
}

// decider is whom the page decides for: the one the GM chose among those
// the prompt accepts (its actor by default); for a player, their
// combatant when the prompt accepts them, else the prompt's actor.
function decider(view) {
  const p = view.prompt;
  const accepted = [p.actor, ...(p.others || [])];
  if (!view.viewer.gm) return accepted.includes(view.viewer.combatant) ? view.viewer.combatant : p.actor;
  if (page.asVersion === view.version && accepted.includes(page.as)) return page.as;
  return p.actor;
}

async function loadOdds(view, seq) {
  let odds;
  try {
    const q = view.viewer.gm && page.deciding !== view.prompt.actor ? "?" + new URLSearchParams({ actor: page.deciding }) : "";
    odds = await api("GET", "/fights/" + page.fight + "/odds" + q);
  } catch (e) {
    return; // no odds (none for the ruleset, or the fight moved on): the options stand alone
  }
  if (seq !== page.seq || odds.version !== page.view.version) return;
  // Odds still being computed come later: the stream says when (an odds
  // message), and the page reads them again then.
  page.oddsWaiting = odds.status === "queued" || odds.status === "computing";
  const byCommand = new Map(odds.menu.options.map((o) => [o.command, o]));
  const defence = isDefence(page.askedKind, odds.menu);
  const who = whoTakes(odds.menu.actor, view);
  const least = defence ? leastSpared(odds.menu) : null;
  for (const b of document.querySelectorAll("#options button")) {
    const o = byCommand.get(b.dataset.command);
    const span = b.querySelector(".odds");
    if (!o || !span) continue;
    const d = defence && defenceOdds(o, odds.menu.actor, least);
    span.textContent = d ? defenceText(o, d, who) : oddsText(o);
    span.title = d ? defenceTitle(o, d, who) : oddsTitle(o);
    span.dataset.status = o.status || "exact";
    span.dataset.reads = d ? "defence" : "attack";
  }
  document.body.dataset.oddsVersion = String(odds.version);
  document.body.dataset.oddsStatus = odds.status || "complete";
}

function pct(p) {
  if (p === 0) return "0%";
  if (p === 1) return "100%";
  const v = p * 100;
  return (v < 1 ? v.toFixed(2) : v.toFixed(1)) + "%";
}

// critical is the probability of a tag "critical" in the full odds, if the
// ruleset reports one.
function critical(o) {
  const tags = (o.odds && o.odds.tags) || [];
  const t = tags.find((t) => t.tag === "critical" || t.tag === "crit");
  return t ? t.p : null;
}

// oddsText is an option's odds in brief, saying plainly when they are an
// estimate (with the widest margin of its 95% interval), partial (with
// the part not covered) or refused (with why).
function oddsText(o) {
  if (o.status === "refused") return "no odds: " + o.refusal;
  const parts = [];
  if (o.target || o.hit > 0) parts.push("hit " + pct(o.hit));
  const c = critical(o);
  if (c !== null) parts.push("crit " + pct(c));
  if (o.target) {
    parts.push("down " + pct(o.target_down));
    parts.push("dmg " + o.target_expected_damage.toFixed(2));
  }
  const text = parts.length ? parts.join(" · ") : "—";
  if (o.status === "estimate") return "estimate: " + text + " (±" + margin(o) + ")";
  if (o.status === "partial") return text + " (partial: " + pct(o.uncovered) + " not covered)";
  return text;
}

// isDefence says whether a menu's options are answers to a blow: a
// reaction (dodge, parry, block, withstand, or taking it) none of whose
// options hits anyone, where the one answering stands to be hurt. It reads
// the odds themselves, not the ruleset's words, so that every ruleset's
// defences read alike.
function isDefence(kind, menu) {
  if (kind !== "react") return false;
  const opts = menu.options.filter((o) => o.status !== "refused");
  if (!opts.length || opts.some((o) => o.hit > 0)) return false;
  return opts.some((o) => { const a = ownOdds(o, menu.actor); return a && (a.mean_damage > 0 || a.down > 0); });
}

// ownOdds is the actor's own line among an option's combatants, if the
// option's full odds have it.
function ownOdds(o, actor) {
  const cs = (o.odds && o.odds.combatants) || [];
  return cs.find((c) => c.id === actor) || null;
}

// defenceOdds is what a defence's odds come to for the one answering,
// from the option's outcomes: the chance it works, the damage they are
// expected to take if it does not, their chance to go down, each with its
// exact fraction; null when the option's odds do not list their outcomes
// (an estimate). An answer works when none of its outcomes is tagged as
// its failing (a dodge's "dodge-failed", a parry's "parry-failed", for
// whoever's prefix); an answer without such a tag works when the actor
// takes no damage, except the one sparing them least (taking the blow),
// which is said as what it costs (declined: true).
function defenceOdds(o, actor, leastSpared) {
  const outs = o.odds && o.odds.outcomes;
  if (!outs || !outs.length) return null;
  const verb = o.command.split(" ")[0];
  // blackpowder's "dodge-failed", tempo's "parry:failure"
  const fails = [verb + "-failed", verb + ":failure"];
  const isFail = (t) => fails.some((f) => t === f || t.endsWith(":" + f));
  const tagged = outs.some((x) => (x.tags || []).some(isFail));
  const hurt = (x) => { const e = (x.effects || []).find((e) => e.combatant === actor); return e ? e.damage : 0; };
  const failed = tagged
    ? (x) => (x.tags || []).some(isFail)
    : (x) => hurt(x) > 0;
  let worksF = "0/1", failF = "0/1", harmF = "0/1";
  for (const x of outs) {
    if (failed(x)) {
      failF = add(failF, x.fraction);
      harmF = add(harmF, multiply(x.fraction, hurt(x) + "/1"));
    } else worksF = add(worksF, x.fraction);
  }
  const a = ownOdds(o, actor);
  const d = {
    works: ratio(worksF), worksF,
    ifNot: failF === "0/1" ? 0 : ratio(divide(harmF, failF)), ifNotF: failF === "0/1" ? "0/1" : divide(harmF, failF),
    mean: ratio(harmF), meanF: harmF,
    down: a ? a.down : 0, downF: a ? a.down_fraction : "0/1",
  };
  d.declined = !tagged && leastSpared !== null && d.works <= leastSpared;
  return d;
}

// leastSpared is the lowest chance among a defence menu's options that the
// one answering takes no damage, or null when no option lists outcomes.
function leastSpared(menu) {
  let least = null;
  for (const o of menu.options) {
    const outs = o.odds && o.odds.outcomes;
    if (!outs || !outs.length) continue;
    let p = 0;
    for (const x of outs) if (!(x.effects || []).some((e) => e.combatant === menu.actor && e.damage > 0)) p += x.p;
    if (least === null || p < least) least = p;
  }
  return least;
}

// whoTakes names the one answering as the page's reader would: "you" on
// their own player's page, else their name.
function whoTakes(actor, view) {
  return !view.viewer.gm && view.viewer.combatant === actor ? "you" : nameOf(actor);
}

// defenceText is a defence's odds in brief: "works 30% · you take 4.2 if
// not · down 5%"; an answer that cannot spare the actor (taking the blow)
// says only what it costs.
function defenceText(o, d, who) {
  const takes = who === "you" ? "you take " : who + " takes ";
  const parts = [];
  if (d.declined) parts.push(takes + d.mean.toFixed(1));
  else {
    parts.push("works " + pct(d.works));
    if (d.works < 1) parts.push(takes + d.ifNot.toFixed(1) + " if not");
  }
  parts.push("down " + pct(d.down));
  const text = parts.join(" · ");
  if (o.status === "estimate") return "estimate: " + text + " (±" + margin(o) + ")";
  if (o.status === "partial") return text + " (partial: " + pct(o.uncovered) + " not covered)";
  return text;
}

// defenceTitle is a defence's exact odds, shown on hover or tap.
function defenceTitle(o, d, who) {
  const takes = who === "you" ? "you take " : who + " takes ";
  const t = d.declined ? [takes + d.meanF + " damage expected"]
    : ["works " + d.worksF, ...(d.works < 1 ? [takes + d.ifNotF + " damage expected if it does not"] : [])];
  t.push((who === "you" ? "you go" : who + " goes") + " down " + d.downF);
  if (o.status === "estimate") t.push("an estimate, not exact odds: " + o.samples + " resolutions played with seeded dice");
  if (o.status === "partial") t.push("partial: " + pct(o.uncovered) + " of the probability not covered");
  return t.join("\n");
}

// The fractions of the odds ("a/b") in exact arithmetic, for the title's
// derived figures.
function frac(s) {
  const [n, d] = String(s).split("/");
  return [BigInt(n), BigInt(d === undefined ? 1 : d)];
}
function gcd(a, b) {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) [a, b] = [b, a % b];
  return a;
}
function fracString(n, d) {
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d) || 1n;
  return (n / g) + "/" + (d / g);
}
function add(x, y) {
  const [a, b] = frac(x), [c, d] = frac(y);
  return fracString(a * d + c * b, b * d);
}
function multiply(x, y) {
  const [a, b] = frac(x), [c, d] = frac(y);
  return fracString(a * c, b * d);
}
function ratio(x) {
  const [a, b] = frac(x);
  return Number((a * 10n ** 15n) / b) / 1e15; // exact to 15 places, whatever the size of b
}
function divide(x, y) {
  const [a, b] = frac(x), [c, d] = frac(y);
  return fracString(a * d, b * c);
}

// margin is the widest half-width of an estimate's 95% intervals of its
// chance to hit and its target's chance to go down, in percentage points.
function margin(o) {
  const half = (i) => (i ? (i[1] - i[0]) / 2 : 0);
  const m = Math.max(half(o.hit_interval), half(o.target_down_interval));
  return (m * 100).toFixed(1) + " pts";
}

function oddsTitle(o) {
  if (o.status === "refused") return "no odds for this option: " + o.refusal;
  if (o.status === "estimate") {
    const r = (i) => pct(i[0]) + " to " + pct(i[1]);
    const t = ["an estimate, not exact odds: " + o.samples + " resolutions played with seeded dice (" + ((o.odds && o.odds.estimate && o.odds.estimate.reason) || "") + ")"];
    if (o.hit_interval) t.push("hit " + r(o.hit_interval) + " (95%)");
    if (o.target && o.target_down_interval) t.push(o.target + " down " + r(o.target_down_interval) + " (95%)");
    return t.join("\n");
  }
  const t = ["hit " + o.hit_fraction];
  if (o.target) t.push(o.target + " down " + o.target_down_fraction, "expected damage " + o.target_expected_damage_fraction);
  if (o.status === "partial") t.push("partial: " + pct(o.uncovered) + " of the probability not covered");
  return t.join("\n");
}

function nameOf(id) {
  const cs = (page.view && page.view.state && page.view.state.combatants) || [];
  const c = cs.find((c) => c.id === id);
  return c && c.name ? c.name : id;
}

function draw(view, sheets, asPrompt) {
  document.body.dataset.fight = view.id;
  document.body.dataset.kind = view.prompt.kind;
  document.body.dataset.viewer = view.viewer.gm ? "gm" : view.viewer.combatant;
  document.body.dataset.deciding = view.prompt.kind === "end" ? "" : page.deciding;
  $("#title").textContent = view.name + " · " + view.ruleset + " · " +
    (view.viewer.gm ? "GM" : "playing " + nameOf(view.viewer.combatant));
  drawTurn(view);
  drawPrompt(view, asPrompt || view.prompt);
  drawOrder(view);
  if (window.frayMap) window.frayMap.draw(view, mapHandlers);
  drawCombatants(view, sheets);
  drawJoins();
  settle();
}

// settle draws the log once the stream has brought it up to the fight's
// version the page shows, and only then says the page is at that version
// (body's data-version): the state and the log drawn agree.
function settle() {
  const v = page.view;
  if (!v || logVersion() < v.version) { setLive(); return; }
  drawLog(v);
  document.body.dataset.version = String(v.version);
  setLive();
}

// drawTurn puts whoever must decide where nobody can miss it: a banner
// ("Your turn: Markus" on Markus's player's page), the page's title, and
// a vibration, where the device has one, when the turn becomes the
// viewer's.
function drawTurn(view) {
  const p = view.prompt;
  const banner = $("#turn");
  const over = p.kind === "end";
  const asked = p.actor === "gm" ? "the GM" : nameOf(p.actor);
  const mine = !over && view.yours && (view.viewer.gm || page.deciding === view.viewer.combatant);
  let text;
  if (over) text = "The fight is over";
  else if (view.viewer.gm) text = (p.actor === "gm" ? "Your ruling" : "Turn: " + asked) + ((p.others || []).length ? " (or " + p.others.map(nameOf).join(" or ") + ")" : "");
  else if (mine) text = "Your turn: " + nameOf(view.viewer.combatant);
  else text = "Waiting for " + asked;
  banner.textContent = text;
  banner.dataset.mine = mine ? "true" : "false";
  banner.hidden = false;
  document.title = (mine && !view.viewer.gm ? "▶ " + text + " · " : over ? "Over · " : "") + view.name + " · fray";
  if (mine && !view.viewer.gm && !page.wasYours && navigator.vibrate) {
    try { navigator.vibrate([200, 100, 200]); } catch (e) { /* a device that cannot */ }
  }
  page.wasYours = mine && !view.viewer.gm;
}

// seats returns the players' seats that have a link: the server's list
// once read (every seat there has one, wherever it is), else the links
// the GM's browser keeps for the fight.
function seats(view) {
  return linkState.links || heldLinks(view.id);
}

// drawPrompt shows the question, who is asked, and the options of whoever
// the page decides for (asPrompt, the prompt with their options).
function drawPrompt(view, asPrompt) {
  const p = view.prompt;
  const over = p.kind === "end";
  $("#question").textContent = over ? "The fight is over: " + (p.winner ? "the " + p.winner + " side wins" : "a draw") : p.question;
  const others = (p.others || []).map(nameOf);
  const asked = (p.actor === "gm" ? "the GM" : nameOf(p.actor)) + (others.length ? " (or " + others.join(" or ") + ", first)" : "");
  let whose = "Asked: " + asked;
  if (!view.viewer.gm) {
    whose = !view.yours ? "Waiting for " + asked
      : page.deciding === p.actor ? "Your decision"
      : "Your decision: " + nameOf(p.actor) + " is asked, and you may act first";
  }
  $("#whose").textContent = over ? "" : whose;
  drawDeciders(view);
  const opts = view.yours && !over ? (asPrompt.options || []) : [];
  const def = asPrompt.default;
  page.askedKind = asPrompt.kind;
  $("#options").replaceChildren(...opts.map((o, i) =>
    el("button", {
      type: "button", "data-i": i, "data-command": o.command,
      class: i === def ? "default" : null,
      title: i === def ? "the default" : null,
      onclick: () => decide(o.command),
    },
    el("span", {}, i < 9 ? el("kbd", {}, String(i + 1)) : null, o.label, i === def ? " (default)" : ""),
    el("span", { class: "odds" }))));
  $("#commands").replaceChildren(...opts.map((o) => el("option", { value: o.command })));
  const canType = view.yours && !over;
  $("#command-form").hidden = !canType;
  $("#physical").parentElement.hidden = !canType;
}

// drawDeciders tells the GM whom they answer for and lets them choose
// among those the prompt accepts; a player holding a link for that
// combatant is named, since the GM's answer stands for theirs.
function drawDeciders(view) {
  const box = $("#deciders");
  const p = view.prompt;
  if (!view.viewer.gm || p.kind === "end") { box.hidden = true; box.replaceChildren(); return; }
  const accepted = [p.actor, ...(p.others || [])];
  const held = new Set(seats(view).map((s) => s.combatant));
  const who = page.deciding === "gm" ? "yourself" : nameOf(page.deciding);
  const kids = ["You answer as the GM, for " + who + "."];
  if (held.has(page.deciding)) kids.push(" " + nameOf(page.deciding) + "'s player has a link and may answer too: the first answer counts.");
  if (accepted.length > 1) {
    kids.push(el("span", { class: "pick" }, " Answer for: ", accepted.map((a) =>
      el("button", {
        type: "button", "data-actor": a, "aria-pressed": a === page.deciding ? "true" : "false",
        onclick: () => { page.as = a; page.asVersion = view.version; refresh(); },
      }, nameOf(a)))));
  }
  box.replaceChildren(...kids);
  box.hidden = false;
}

// drawOrder lists the turn order of the view's board: the ruleset's own,
// as the viewer may know it, each row a combatant or a group with its
// members, with its initiative, and marked current, done, down, dead or
// not yet in the fight as the rules say; the row of whoever is deciding
// says so.
function drawOrder(view) {
  const b = view.board || {};
  const p = view.prompt;
  const over = p.kind === "end";
  const deciding = new Set(over ? [] : [p.actor, ...(p.others || [])]);
  const rows = Array.isArray(b.order) ? b.order : [];
  const mark = (x) => x.dead ? "dead" : x.down ? "down" : x.absent ? "not yet in" : "";
  const list = rows.map((x) => {
    const members = x.members || [];
    const ids = members.length ? members.map((m) => m.id) : [x.id];
    const extra = [];
    if (x.initiative !== undefined) extra.push("initiative " + x.initiative);
    if (members.length) {
      extra.push(members.map((m) => (m.name || nameOf(m.id)) + (mark(m) ? " (" + mark(m) + ")" : "")).join(", "));
    }
    const fallen = x.dead ? "dead" : x.down ? "down" : "";
    const current = !over && x.current === true;
    const decides = ids.some((m) => deciding.has(m));
    return el("li", {
      class: [current ? "current" : "", x.done ? "done" : "", fallen].filter(Boolean).join(" ") || null,
      "aria-current": current ? "true" : null, "data-id": x.id, "data-fallen": fallen || null, "data-done": x.done ? "true" : null,
    },
    current ? "▶ " : "", x.name || nameOf(x.id), !members.length && mark(x) ? " (" + mark(x) + ")" : "",
    extra.length ? " — " + extra.join("; ") : "", decides ? " ◀ deciding" : "");
  });
  $("#round").textContent = b.round !== undefined ? "· round " + b.round : "";
  $("#order").replaceChildren(...list);
}

// scalar says whether v is shown inline.
const scalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

function inline(v) {
  if (scalar(v)) return String(v);
  if (Array.isArray(v)) return v.every(scalar) ? v.join(", ") : v.map(inline).join("; ");
  return Object.entries(v).map(([k, x]) => k + " " + inline(x)).join(", ");
}

// meter shows a value out of its maximum as a bar.
function meter(value, max) {
  return el("meter", { min: 0, max, value: Math.max(0, value), low: max / 3, high: max / 2, optimum: max });
}

// drawSheet shows a combatant's sheet as the ruleset describes it: its key
// numbers, out of their maximum when they have one, and its conditions
// with how long each lasts.
function drawSheet(sh) {
  if (sh.public) return [el("p", { class: "band", "data-band": sh.band }, sh.band)];
  const nums = (sh.numbers || []).map((n) => el("div", { class: "number", "data-number": n.name },
    el("dt", {}, n.name), el("dd", {}, n.max ? n.value + "/" + n.max : String(n.value)), n.max ? meter(n.value, n.max) : null));
  const conds = (sh.conditions || []).map((c) => el("li", { "data-condition": c.name },
    el("strong", {}, c.name), c.lasts ? " " + c.lasts : ""));
  return [el("dl", { class: "sheet" }, nums), conds.length ? el("ul", { class: "conditions" }, conds) : null];
}

// drawCombatants shows each combatant: its sheet when the ruleset
// describes sheets, with every field of the state folded away beneath;
// else every field as the state has it. A field with a maximum beside it
// (lp and lp_max, health and max_health) is shown as a value out of its
// maximum.
function drawCombatants(view, sheets) {
  const s = view.state || {};
  const p = view.prompt;
  const deciding = new Set([p.actor, ...(p.others || [])]);
  const sheetOf = new Map((sheets || []).map((sh) => [sh.combatant, sh]));
  const cards = (s.combatants || []).map((c) => {
    const keys = Object.keys(c).filter((k) => k !== "id" && k !== "name");
    const maxOf = (k) => (k + "_max" in c ? k + "_max" : "max_" + k in c ? "max_" + k : null);
    const isMax = (k) => (k.endsWith("_max") && k.slice(0, -4) in c) || (k.startsWith("max_") && k.slice(4) in c);
    const fields = [], more = [];
    for (const k of keys) {
      if (isMax(k)) continue;
      const v = c[k];
      const mk = maxOf(k);
      if (mk && typeof v === "number") {
        fields.push(el("div", { "data-field": k }, el("dt", {}, k), el("dd", {}, v + "/" + c[mk]), meter(v, c[mk])));
      } else if (scalar(v) || (Array.isArray(v) && v.every(scalar)) || (!Array.isArray(v) && Object.values(v).every(scalar))) {
        fields.push(el("div", { "data-field": k }, el("dt", {}, k), el("dd", {}, inline(v))));
      } else {
        const items = Array.isArray(v) ? v : Object.entries(v).map(([kk, vv]) => ({ [kk]: vv }));
        more.push(el("details", { "data-field": k }, el("summary", {}, k + (Array.isArray(v) ? " (" + v.length + ")" : "")),
          el("ul", {}, items.map((x) => el("li", {}, inline(x))))));
      }
    }
    const title = el("h3", {}, (c.name || c.id) + (c.name && c.name !== c.id ? " (" + c.id + ")" : ""));
    const cls = "card" + (deciding.has(c.id) ? " deciding" : "");
    const sh = sheetOf.get(c.id);
    if (sh) {
      return el("div", { class: cls, "data-id": c.id }, title, drawSheet(sh),
        el("details", { class: "fields" }, el("summary", {}, "every field"), el("dl", {}, fields), more));
    }
    return el("div", { class: cls, "data-id": c.id }, title, el("dl", {}, fields), more);
  });
  // What the reader unfolded stays unfolded when the fight moves on.
  const box = $("#combatants");
  const open = new Set([...box.querySelectorAll("details[open]")].map(foldName));
  box.replaceChildren(...cards);
  for (const d of box.querySelectorAll("details")) if (open.has(foldName(d))) d.open = true;
}

// foldName names a folded part of a combatant's card, the same from one
// drawing of the card to the next: the combatant and the field (or "every
// field").
const foldName = (d) => d.closest(".card").dataset.id + "\n" + (d.dataset.field || d.className);

// drawLog shows every decision in force, newest first: who decided, the
// command, what happened, and (for the GM) every die, each marked as
// rolled by hand at the table or drawn by the server.
function drawLog(view) {
  const shown = page.log.filter((d) => d.version <= view.version);
  const items = shown.map((d) => {
    const back = d.undoneAt && d.undoneAt <= view.version;
    const e = d.entry;
    if (!back) {
      // A decision hidden from this seat comes without its actor or command.
      const head = e.command ? [el("span", { class: "who" }, nameOf(e.actor)), ": ", el("code", {}, e.command)] : [el("span", { class: "note" }, "a decision hidden from you")];
      return el("li", { "data-actor": e.actor || null, "data-version": d.version }, ...head, " ",
        drawDice(e),
        el("ul", { class: "lines" }, (e.lines || []).map((l) => el("li", {}, l))));
    }
    // A decision taken back stays, struck through, saying who undid it
    // (the stream's undo says; an undo recorded before that was kept
    // names no one).
    const what = e && e.command ? [el("span", { class: "who" }, nameOf(e.actor)), ": ", el("code", {}, e.command)] : ["a decision"];
    return el("li", { class: "undone", "data-version": d.version, "data-actor": e && e.actor ? e.actor : null, "data-undone-by": d.undoneBy || null },
      el("s", {}, what), el("span", { class: "note" }, " undone" + (d.undoneBy ? " by " + undoerName(d.undoneBy) : "")));
  });
  $("#log").replaceChildren(...items.reverse());
  const inForce = shown.filter((d) => !(d.undoneAt && d.undoneAt <= view.version));
  $("#log").dataset.count = String(inForce.length);
  drawUndo(view, inForce[inForce.length - 1]);
}

// drawUndo offers undo to the GM whenever a decision is in force, and to
// a player only when the last decision in force is their combatant's (the
// server refuses them any other); pressed, it asks to confirm.
function drawUndo(view, last) {
  const mayUndo = !!last && last.entry && (view.viewer.gm || last.entry.actor === view.viewer.combatant);
  $("#undo").hidden = !mayUndo;
  if (!mayUndo || page.confirmUndoVersion !== view.version) page.confirmUndo = false;
  const box = $("#undo-confirm");
  box.hidden = !page.confirmUndo;
  if (page.confirmUndo) {
    $("#undo-what").textContent = "Take back " + nameOf(last.entry.actor) + "'s " + last.entry.command + "?";
  }
}

// undoerName is who undid a decision, as the log says it: "the GM", or
// the name of the combatant whose player took back their own decision.
function undoerName(by) {
  return by === "gm" ? "the GM" : nameOf(by);
}

// drawDice shows an entry's dice: whose decision they were rolled for,
// and whether each was rolled by hand or drawn by the server.
function drawDice(e) {
  const ds = e.dice || [];
  if (!ds.length) return null;
  const hand = ds.filter((d) => d.hand).length;
  const how = hand === ds.length ? "rolled by hand" : hand === 0 ? "drawn by the server" : "✋ rolled by hand, the rest drawn by the server";
  return el("span", { class: "dice", "data-source": hand === ds.length ? "hand" : hand === 0 ? "server" : "mixed" },
    ds.map((d) => el("span", {
      class: "die" + (d.hand ? " hand" : ""),
      title: "d" + d.sides + " for " + nameOf(e.actor) + "'s decision, " + (d.hand ? "rolled by hand" : "drawn by the server"),
    }, (hand && hand < ds.length && d.hand ? "✋" : "") + "d" + d.sides + "=" + d.value)),
    el("span", { class: "source" }, nameOf(e.actor) + "'s, " + how));
}

// ---------- players' links ----------

// The server keeps tokens hashed: it lists the players' seats with how
// many links each has had (GET /fights/{id}/links), and the GM's page
// shows a seat's link when this browser holds the one in force (kept in
// local storage when the fight was started, or a new link was made, here).
// Any device with the GM's token can make a new link for a seat, which
// stops the old one at once; a link is copied, or shown as a QR code the
// server draws (POST /fights/{id}/qr).

// heldLinks returns the links this browser keeps for a fight: the seats
// of POST /fights, each replaced by the seat's new link made here, with
// the number it was issued as (1 for the first).
function heldLinks(fight) {
  try { return JSON.parse(localStorage.getItem("fray:seats:" + fight) || "[]"); } catch (e) { return []; }
}

// holdLink keeps a seat's new link in this browser, in place of the old.
function holdLink(fight, link) {
  const all = heldLinks(fight).filter((s) => s.combatant !== link.combatant);
  all.push(link);
  localStorage.setItem("fray:seats:" + fight, JSON.stringify(all));
}

// linkURL is the absolute address of a token's page.
function linkURL(fight, token) {
  return new URL("/#" + new URLSearchParams({ fight, token }), location.href).href;
}

// loadLinks reads the seats' list; a new link made on another device
// shows here once it is read again (when the page opens, comes back into
// view, or its own link is refused).
async function loadLinks() {
  const fight = page.fight;
  let list;
  try {
    list = await api("GET", "/fights/" + fight + "/links");
  } catch (e) {
    linkState.error = e.message;
    drawJoins();
    return;
  }
  if (fight !== page.fight) return;
  linkState.links = list.links;
  linkState.error = "";
  drawJoins();
}

// linkState is what the links panel shows: the server's list of seats
// (null until read), the seat whose new link awaits confirmation, the QR
// codes shown (data: URLs by address), which link was just copied, and an
// error.
let linkState = newLinkState();
let linksLoading = false;
let linksDrawn = ""; // what the panel was last drawn from

function newLinkState() {
  return { links: null, confirm: "", qr: {}, copied: "", error: "", replaced: false };
}

// linkReplaced: the GM made a new link in place of this page's: the page
// stops following the fight, offers nothing more, and says so.
function linkReplaced(detail) {
  linkState.replaced = true;
  if (page.stream) { page.stream.close(); page.stream = null; }
  page.streamOpen = false;
  clearTimeout(retryTimer); retryTimer = null; page.retryAt = 0;
  showMessage(detail || "This link was replaced by a new one: ask the GM for it.");
  $("#options").replaceChildren();
  $("#command-form").hidden = true;
  $("#undo").hidden = true;
  setLive();
}

// A GM's page coming back into view reads the links again: a new link
// may have been made on another device meanwhile.
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && page.view && page.view.viewer.gm) loadLinks();
});

// resetLinks forgets the links panel of the fight left.
function resetLinks() {
  linkState = newLinkState();
  linksDrawn = "";
}

// drawJoins draws the links panel on the GM's page: a row a seat, the
// player characters' first and the other combatants' in a group folded
// away, each with its link when this browser holds the one in force,
// buttons to copy it or show its QR code, and a new link; then the GM's
// own link.
function drawJoins() {
  const view = page.view;
  const panel = $("#joins-panel");
  if (!view || !view.viewer.gm) { panel.hidden = true; return; }
  if (linkState.links === null && !linksLoading) {
    linksLoading = true;
    loadLinks().finally(() => { linksLoading = false; });
  }
  const held = new Map(heldLinks(view.id).map((s) => [s.combatant, s]));
  const rows = (linkState.links || []).map((s) => {
    const h = held.get(s.combatant);
    return { seat: s, url: h && (h.issued || 1) === s.issued ? linkURL(view.id, h.token) : "", stale: !!h && (h.issued || 1) < s.issued };
  });
  const names = rows.map((r) => nameOf(r.seat.combatant));
  const key = JSON.stringify([view.id, rows, names, linkState]);
  panel.hidden = false;
  if (key === linksDrawn) return;
  linksDrawn = key;
  const gm = linkURL(view.id, page.token);
  $("#gm-link").replaceChildren(
    el("span", { class: "who" }, "You, the GM"), " ",
    el("a", { href: gm, target: "_blank", rel: "noopener" }, gm),
    linkButtons(gm, "gm", "your GM link"),
    el("p", { class: "hint" }, "Open it on another device to run the fight from there too; whoever holds it runs the fight."),
    qrImage(gm, "your GM link") || "");
  // The player characters' seats; the others' (NPCs, whom the GM plays
  // unless a link is handed out for one) folded away below them.
  $("#joins").replaceChildren(...rows.filter((r) => r.seat.pc).map((r) => drawSeatLink(view, r)));
  const others = rows.filter((r) => !r.seat.pc);
  $("#joins-npcs").replaceChildren(...others.map((r) => drawSeatLink(view, r)));
  $("#joins-others").hidden = others.length === 0;
  const err = $("#links-error");
  err.textContent = linkState.error;
  err.hidden = !linkState.error;
}

// drawSeatLink is one seat's row of the links panel.
function drawSeatLink(view, r) {
  const s = r.seat, who = nameOf(s.combatant);
  const kids = [el("span", { class: "who" }, who), " (" + s.side + ") "];
  if (r.url) {
    kids.push(el("a", { href: r.url, target: "_blank", rel: "noopener" }, r.url), linkButtons(r.url, s.combatant, who + "'s link"));
  } else {
    kids.push(el("span", { class: "note" }, r.stale ? "a newer link was made on another device" : "its link is with the player, not kept on this device"));
  }
  if (linkState.confirm === s.combatant) {
    kids.push(el("div", { class: "confirm" },
      el("span", {}, "A new link for " + who + " stops the one " + who + "'s player has now."),
      el("button", { type: "button", class: "reissue-yes", onclick: () => reissue(s.combatant) }, "Make a new link"),
      el("button", { type: "button", onclick: () => { linkState.confirm = ""; drawJoins(); } }, "Cancel")));
  } else {
    kids.push(el("button", { type: "button", class: "reissue", onclick: () => { linkState.confirm = s.combatant; drawJoins(); } }, "New link"));
  }
  if (r.url) kids.push(qrImage(r.url, who + "'s link"));
  return el("li", { "data-combatant": s.combatant, "data-issued": s.issued, "data-held": r.url ? "true" : "false" }, ...kids);
}

// linkButtons are a link's buttons: copy it, show or hide its QR code.
function linkButtons(url, id, what) {
  const shown = !!linkState.qr[url];
  return el("span", { class: "link-buttons" },
    el("button", { type: "button", class: "copy", onclick: (ev) => copyLink(url, id, ev.target) }, linkState.copied === id ? "Copied" : "Copy"),
    el("button", { type: "button", class: "show-qr", "aria-pressed": shown ? "true" : "false", "aria-label": (shown ? "Hide" : "Show") + " the QR code of " + what,
      onclick: () => toggleQR(url) }, shown ? "Hide QR" : "QR"));
}

// qrImage is a link's QR code when shown.
function qrImage(url, what) {
  const src = linkState.qr[url];
  return src ? el("img", { class: "qr", src, alt: "QR code of " + what, "data-link": url }) : null;
}

// copyLink puts a link on the clipboard; where the browser gives no
// clipboard (a page over plain http on the local network), it selects the
// link's text and asks the browser to copy the selection.
async function copyLink(url, id, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(url);
    ok = true;
  } catch (e) {
    const a = button.closest("li, #gm-link").querySelector("a");
    const range = document.createRange();
    range.selectNodeContents(a);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
  }
  linkState.copied = ok ? id : "";
  linkState.error = ok ? "" : "The browser would not copy: the link is selected, copy it by hand.";
  drawJoins();
}

// toggleQR shows a link's QR code, drawn by the server, or hides it.
async function toggleQR(url) {
  if (linkState.qr[url]) {
    delete linkState.qr[url];
    drawJoins();
    return;
  }
  try {
    const res = await fetch("/fights/" + page.fight + "/qr", {
      method: "POST",
      headers: { "Authorization": "Bearer " + page.token, "Content-Type": "application/json", "Accept": "image/svg+xml" },
      body: JSON.stringify({ link: url }),
    });
    const text = await res.text();
    if (!res.ok) {
      let body = null;
      try { body = JSON.parse(text); } catch (e) { body = { detail: text }; }
      throw new ApiError(res.status, body);
    }
    linkState.qr[url] = "data:image/svg+xml," + encodeURIComponent(text);
    linkState.error = "";
  } catch (e) {
    linkState.error = e.message;
    // A link replaced on another device: read the list again.
    if (e.code === "not-a-link") loadLinks();
  }
  drawJoins();
}

// reissue makes a new link for a seat (the old one stops at once), keeps
// it in this browser and shows its QR code.
async function reissue(combatant) {
  linkState.confirm = "";
  try {
    const made = await api("POST", "/fights/" + page.fight + "/links/" + encodeURIComponent(combatant));
    holdLink(page.fight, { combatant: made.combatant, side: made.side, token: made.token, join: made.join, page: made.page, issued: made.issued });
    const url = linkURL(page.fight, made.token);
    linkState.qr = {};
    linkState.copied = "";
    linkState.error = "";
    await loadLinks();
    await toggleQR(url);
  } catch (e) {
    linkState.error = e.message;
    drawJoins();
  }
}

// ---------- the map ----------

// mapHandlers are what the map (map.js) does on a click: a combatant
// aimed at by the options shown chooses the option aimed at them (or,
// when several are, marks them to choose from); a point fills the
// command box with the board's move to it, and a second click on the same
// point sends it.
const mapHandlers = {
  targets() {
    const ids = new Set();
    for (const b of document.querySelectorAll("#options button")) {
      for (const w of b.dataset.command.split(/\s+/)) ids.add(w);
    }
    return ids;
  },
  target(id) {
    const bs = [...document.querySelectorAll("#options button")]
      .filter((b) => b.dataset.command.split(/\s+/).includes(id));
    for (const b of document.querySelectorAll("#options button.picked")) b.classList.remove("picked");
    if (bs.length === 1) { bs[0].click(); return; }
    for (const b of bs) b.classList.add("picked");
    if (bs.length) bs[0].focus();
  },
  cell(x, y) {
    const v = page.view;
    if (!v || !v.board || !v.board.move || $("#command-form").hidden) return;
    const command = v.board.move.replace("{x}", String(x)).replace("{y}", String(y));
    const again = page.mapCell && page.mapCell.version === v.version && page.mapCell.x === x && page.mapCell.y === y;
    page.mapCell = { version: v.version, x, y };
    $("#command").value = command;
    if (again) { page.mapCell = null; decide(command); return; }
    window.frayMap.draw(v, mapHandlers);
  },
  chosen() {
    const c = page.mapCell;
    return c && page.view && c.version === page.view.version ? c : null;
  },
};

// ---------- deciding ----------

// decide sends a command; with physical dice, it asks for each die the
// server names until the decision has them all.
async function decide(command, dice) {
  if (page.busy || !page.view) return;
  const physical = $("#physical").checked;
  const body = { version: page.view.version, command };
  if (page.deciding && page.deciding !== page.view.prompt.actor) body.actor = page.deciding;
  if (physical) { body.physical = true; body.dice = dice || []; }
  page.busy = true;
  showMessage("");
  let need = null;
  try {
    await api("POST", "/fights/" + page.fight + "/decisions", body);
    page.pending = null;
    $("#dice-ask").hidden = true;
    $("#command").value = "";
  } catch (e) {
    if (e.code === "needs-dice") {
      need = e.body.need;
    } else {
      page.pending = null;
      $("#dice-ask").hidden = true;
      showMessage(e.message);
    }
  } finally {
    page.busy = false;
  }
  if (need) askDie(command, body.dice, need);
  await refresh();
}

function askDie(command, dice, need) {
  page.pending = { command, dice, need };
  $("#die-label").textContent = "Roll 1d" + need.sides + " for " + nameOf(need.actor) + "'s " + command +
    " (die " + need.number + "):";
  const die = $("#die");
  die.max = String(need.sides);
  die.value = "";
  $("#dice-ask").hidden = false;
  $("#dice-ask").dataset.sides = String(need.sides);
  $("#dice-ask").dataset.number = String(need.number);
  die.focus();
}

function askUndo() {
  if (!page.view) return;
  page.confirmUndo = true;
  page.confirmUndoVersion = page.view.version;
  settle();
  $("#undo-yes").focus();
}

async function undo() {
  if (page.busy || !page.view) return;
  page.busy = true;
  page.confirmUndo = false;
  $("#undo-confirm").hidden = true;
  showMessage("");
  try {
    const version = page.view.version;
    await api("POST", "/fights/" + page.fight + "/undo", { version });
  } catch (e) {
    showMessage(e.message);
  } finally {
    page.busy = false;
  }
  await refresh();
}

// ---------- the live stream ----------

// connect follows the fight's stream from version since. The browser
// reconnects by itself with Last-Event-ID after a dropped connection; if
// it gives up, the page opens the stream again from the last id it got.
function connect() {
  if (page.stream) page.stream.close();
  const from = Math.max(page.lastEvent, 0);
  const q = new URLSearchParams({ token: page.token, since: String(from) });
  const es = new EventSource("/fights/" + page.fight + "/events?" + q);
  page.stream = es;
  const live = $("#live");
  es.onopen = () => {
    const again = page.streamOpened;
    page.streamOpen = page.streamOpened = true;
    // Back after a drop: the fight may have moved on unheard, or the
    // read after the last entry may have failed.
    if (page.view && (again || retryTimer)) {
      clearTimeout(retryTimer); retryTimer = null; page.retryAt = 0;
      scheduleRefresh();
    }
    setLive();
  };
  es.addEventListener("entry", (ev) => {
    const id = Number(ev.lastEventId);
    page.received.push(id);
    live.dataset.received = page.received.join(",");
    if (id <= page.lastEvent) return;
    let m = null;
    try { m = JSON.parse(ev.data); } catch (e) { /* counted, not drawn */ }
    page.lastEvent = id;
    live.dataset.last = String(page.lastEvent);
    if (m) record(m);
    page.latest = Math.max(page.latest, id, (m && m.current) || 0);
    // One read a decision: none when the page has read this version
    // already (its own decision, say), only the log to draw.
    // A read under way sees the newer version or reads again when done;
    // one waiting after a failure goes when its wait is over. Until the
    // page has drawn it, the header says it is behind.
    if (page.view && page.view.version >= page.latest) scheduleSettle();
    else if (!page.reading && !page.retryAt) scheduleRefresh();
    setLive();
  });
  es.addEventListener("revoked", (ev) => {
    let p = null;
    try { p = JSON.parse(ev.data); } catch (e) { /* the default message */ }
    linkReplaced(p && p.detail);
  });
  es.addEventListener("odds", (ev) => {
    let ready;
    try { ready = JSON.parse(ev.data); } catch (e) { return; }
    const v = page.view;
    if (v && page.oddsWaiting && ready.version === v.version && v.yours && v.prompt.kind !== "end") {
      page.oddsWaiting = false;
      loadOdds(v, page.seq);
    }
  });
  es.onerror = () => {
    page.streamOpen = false;
    setLive();
    if (es.readyState === EventSource.CLOSED) {
      setTimeout(() => { if (page.stream === es) connect(); }, 2000);
    }
  };
}

// record adds a stream message to the page's log: a decision (with its
// content, or none for one taken back before the page heard of it), or an
// undo, which takes back the last decision in force and says who undid it.
function record(m) {
  if (m.kind === "undo") {
    for (let i = page.log.length - 1; i >= 0; i--) {
      if (!page.log[i].undoneAt) { page.log[i].undoneAt = m.version; page.log[i].undoneBy = m.by || ""; break; }
    }
    return;
  }
  page.log.push({ version: m.version, entry: m.entry || null, undoneAt: 0, undoneBy: "" });
}

// scheduleSettle settles once the entries arriving together (the whole
// log, when the stream starts) are all in.
let settleTimer = null;
function scheduleSettle() {
  if (settleTimer) return;
  settleTimer = setTimeout(() => { settleTimer = null; settle(); }, 0);
}

let refreshTimer = null; // a read soon, after a stream entry
let retryTimer = null;   // a read after a failed one
function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => { refreshTimer = null; refresh(); }, 30);
}

// ---------- wiring ----------

function route() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.get("create")) {
    // A link with the creation token: keep it, and take it out of the address.
    localStorage.setItem(createKey, q.get("create"));
    history.replaceState(null, "", location.pathname + location.search);
    q.delete("create");
  }
  const fight = q.get("fight") || "", token = q.get("token") || "";
  if (page.stream) { page.stream.close(); page.stream = null; }
  page.fight = fight; page.token = token; page.view = null;
  page.lastEvent = -1; page.received = []; page.log = []; page.latest = 0;
  page.streamOpen = false; page.streamOpened = false; page.failures = 0; page.reading = 0; page.retryAt = 0; page.wasYours = false; page.confirmUndo = false;
  clearTimeout(refreshTimer); refreshTimer = null; clearTimeout(retryTimer); retryTimer = null;
  page.sheets = null; page.as = ""; page.asVersion = -1; page.pending = null;
  resetLinks();
  document.body.dataset.fight = "";
  if (fight && token) openFight(); else showStart();
}

document.addEventListener("DOMContentLoaded", () => {
  $("#start-bundled").addEventListener("click", () => create({ bundled: $("#bundled").value }, null));
  $("#start-yaml").addEventListener("click", () => create({ encounter: $("#yaml").value }, $("#yaml").value));
  $("#file").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (f) $("#yaml").value = await f.text();
  });
  $("#command-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const c = $("#command").value.trim();
    if (c) decide(c);
  });
  $("#dice-ask").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const p = page.pending;
    const v = Number($("#die").value);
    if (!p || !Number.isInteger(v) || v < 1 || v > p.need.sides) {
      showMessage("enter a whole number from 1 to " + (p ? p.need.sides : "?"));
      return;
    }
    decide(p.command, [...p.dice, v]);
  });
  $("#dice-cancel").addEventListener("click", () => { page.pending = null; $("#dice-ask").hidden = true; });
  $("#undo").addEventListener("click", askUndo);
  $("#undo-yes").addEventListener("click", undo);
  $("#undo-no").addEventListener("click", () => { page.confirmUndo = false; settle(); });
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (/^[1-9]$/.test(ev.key)) {
      const b = document.querySelector('#options button[data-i="' + (Number(ev.key) - 1) + '"]');
      if (b) { ev.preventDefault(); b.click(); }
    }
  });
  window.addEventListener("hashchange", route);
  route();
});
