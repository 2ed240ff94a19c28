// The table view's page (docs/table-view.md). It only reads: /state.json
// (the live game, asked for every POLL_MS with the version it has, so an
// unchanged state costs a few bytes) and /history.json in chunks. The files
// `menagerie export` writes are made here, on the phone, from that history
// (exportFiles below follows host_tools/export.py, history.py and season.py;
// tests/test_table_view_page.py compares them byte for byte).
"use strict";

const POLL_MS = 500;
const STALE_MS = 3000;
const tv = { state: null, version: -1, history: [], historyCount: -1, okAt: 0, polls: 0, renders: 0 };
window.table = tv;

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    if (k === "class") e.className = attrs[k];
    else e.setAttribute(k, attrs[k]);
  }
  for (const k of kids.flat()) {
    if (k === null || k === undefined || k === false) continue;
    e.append(k instanceof Node ? k : String(k));
  }
  return e;
}

function signed(d) { return d > 0 ? "+" + d : String(d); }
function nameOf(names, i) { return names[i] || "P" + (i + 1); }

// -- polling ----------------------------------------------------------------
async function getJSON(url) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 4000);
  try {
    const r = await fetch(url, { cache: "no-store", signal: ctl.signal });
    if (!r.ok) throw new Error("HTTP " + r.status);
    return await r.json();
  } finally {
    clearTimeout(timer);
  }
}

async function poll() {
  try {
    const j = await getJSON("/state.json?v=" + tv.version);
    tv.okAt = Date.now();
    tv.polls++;
    if (j.names) {
      tv.state = j;
      tv.version = j.v;
      renderGame();
      if (j.history !== tv.historyCount) await loadHistory(j.history);
    }
  } catch (e) {
    // The device is busy (a race is open), out of reach or restarting.
  }
  liveNote();
  setTimeout(poll, POLL_MS);
}

function liveNote() {
  const live = document.getElementById("live");
  const stale = !tv.okAt || Date.now() - tv.okAt > STALE_MS;
  live.textContent = !tv.okAt ? "connecting" : stale ? "waiting for the device" : "live";
  live.className = stale ? "live stale" : "live";
}

async function loadHistory(count) {
  const got = [];
  let next = 0;
  while (next < count) {
    const j = await getJSON("/history.json?from=" + next);
    if (j.next <= next) break;
    got.push(...j.games);
    next = j.next;
    count = j.count;
  }
  tv.history = got;
  tv.historyCount = count;
  renderHistory();
}

// -- the game in progress ---------------------------------------------------
function renderGame() {
  const s = tv.state;
  const box = document.getElementById("game");
  box.replaceChildren();
  document.getElementById("title").textContent = s.game ? s.game.title : "Menagerie";
  if (s.game) {
    const draw = GAMES[s.game.id];
    box.append(draw ? draw(s.game) : el("p", {}, s.game.title));
  } else {
    box.append(el("p", { class: "note" }, "No game in progress. Start one on the device."));
  }
  for (const b of s.bowls) box.append(bowlCard(b, s.where === "bowl:" + b.pool));
  tv.renders++;
}

function totalsList(names, values, leaders, note) {
  return el("ul", { class: "score-list" }, names.map((n, i) =>
    el("li", { class: leaders.includes(i) ? "lead" : "" },
      el("span", {}, n, note ? el("span", { class: "muted" }, " " + note(i)) : null),
      el("span", { class: "n" }, values[i]))));
}

const GAMES = {
  animal_inc(g) {
    const wrap = el("div");
    const head = g.over ? (g.ended ? "Ended by the players" : "Game over")
      : "Round " + g.round + " of " + g.rounds;
    wrap.append(el("h2", {}, head));
    if (g.next) {
      const n = g.next;
      wrap.append(el("p", {}, nameOf(g.names, n.starter) + " starts, discard " + n.discard +
        (n.direction === "none" ? ", no passing" : ", pass " + n.direction)));
    }
    const lead = g.over ? g.winners : g.leaders;
    wrap.append(totalsList(g.names, g.scores, lead));
    const t = el("table", { id: "sheet" },
      el("thead", {}, el("tr", {}, el("th", {}, "Round"), g.names.map(n => el("th", {}, n)))),
      el("tbody", {}, g.rows.map(r => el("tr", {},
        el("td", {}, r.number, el("span", { class: "muted" }, r.reached ? " top " + r.pyramid_sum : "")),
        r.deltas.map((d, i) => el("td", { title: "total " + r.scores[i] }, signed(d)))))),
      el("tfoot", {}, el("tr", {}, el("td", {}, "Total"),
        g.scores.map((v, i) => el("td", { class: lead.includes(i) ? "lead" : "" }, v)))));
    wrap.append(el("h2", {}, "Score sheet"), t);
    return wrap;
  },

  panicozoo(g) {
    const wrap = el("div");
    let head;
    if (g.over) head = "Game over";
    else if (g.tiebreak) head = "Tie-breaker";
    else head = "Round " + g.round + " of " + g.rounds;
    wrap.append(el("h2", {}, head));
    const state = g.phase === "answering" ? nameOf(g.names, g.answering) + " answers"
      : g.phase === "open" ? "Race open: slap!" : g.over ? "" : "Next round ready";
    if (state) wrap.append(el("p", { class: "big" }, state));
    if (g.animal) wrap.append(el("p", {}, "Animal: " + g.animal));
    wrap.append(totalsList(g.names, g.cards, g.over ? g.winners : g.leaders,
      i => g.out.includes(i) ? "(out this round)" : ""));
    if (!g.over) wrap.append(el("p", { class: "note" }, g.cards_in_play + " cards in play"));
    if (g.found.length) wrap.append(el("h2", {}, "Found"), chips(g.found));
    return wrap;
  },

  animal_maniacs(g) {
    const wrap = el("div");
    const head = g.over ? "Game over" : g.phase === "setup" ? "Setting up"
      : nameOf(g.names, g.turn) + "'s turn";
    wrap.append(el("h2", {}, head));
    if (g.contest) {
      const c = g.contest;
      wrap.append(el("p", { class: "card" }, nameOf(g.names, c.attacker) + ": " + c.kind + " " + c.target +
        (c.cards.length ? " (" + c.cards.map(x => nameOf(g.names, x[0]) + " " + x[1]).join(", ") + ")" : "")));
    }
    if (g.log.length) wrap.append(el("p", { class: "note" }, g.log.join(" ")));
    g.seats.forEach((s, p) => {
      const who = (g.over ? g.winners : [g.turn]).includes(p);
      wrap.append(el("div", { class: "card" + (who ? " turn" : "") },
        el("div", {}, el("b", {}, nameOf(g.names, p)), " ", el("span", { class: "muted" },
          (s.zoo_kind === "Plain" ? "" : s.zoo_kind + " zoo, ") + s.hand + " cards" +
          (s.lost ? ", " + s.lost + " turns lost" : ""))),
        el("div", {}, "Zoo (" + s.zoo.length + ")"), chips(s.zoo),
        s.wall.length ? [el("div", {}, "Trophy wall (" + s.wall.length + ")"), chips(s.wall, "kill")] : null,
        el("div", { class: "muted" }, s.objectives.map(o => o[0] + " " + o[1] + "/" + o[2]).join(", "))));
    });
    wrap.append(el("h2", {}, "Wild"), chips(g.wild));
    if (g.endangered.length) {
      wrap.append(el("h2", {}, "Endangered"), chips(g.endangered.map(e => e[0] + " (" + e[1] + " on its Ace)")));
    }
    if (g.loans.length) {
      wrap.append(el("h2", {}, "Loans"), el("ul", {}, g.loans.map(l =>
        el("li", {}, l[0] + ": " + nameOf(g.names, l[1]) + " to " + nameOf(g.names, l[2]) + ", back after turn " + l[3]))));
    }
    wrap.append(el("p", { class: "note" }, g.bowl + " in the bowl, " + g.dead + " dead" +
      (g.final >= 0 ? "; last round: " + g.final + " turns to go" : "")));
    return wrap;
  },

  when_animals_attack(g) {
    const wrap = el("div");
    wrap.append(el("h2", {}, g.over ? "Game over" : "Round " + g.round + ": " +
      nameOf(g.names, g.player) + ", " + g.phase));
    const rows = [];
    for (let y = 0; y < g.h; y++) {
      const cells = [];
      for (let x = 0; x < g.w; x++) {
        const i = y * g.w + x;
        let cls = "ter" + g.ter[i];
        if (g.own[i] !== 255) cls += " own" + g.own[i];
        // an animal by its name's first two letters; H a settlement, R a ruin
        const text = g.unit[i] !== 255 ? g.animals[g.unit[i]].slice(0, 2)
          : g.town[i] === 255 ? "R" : g.town[i] ? "H" : "";
        cells.push(el("td", { class: cls }, text));
      }
      rows.push(el("tr", {}, cells));
    }
    wrap.append(el("table", { class: "map", id: "island" }, el("tbody", {}, rows)));
    wrap.append(el("div", { class: "chips" }, g.terrain.map((t, k) =>
      el("span", { class: "chip" }, el("span", { class: "swatch ter" + k }), " " + t))));
    wrap.append(el("p", { class: "note" }, "H settlement, R ruin; " +
      g.animals.map(a => a.slice(0, 2) + " " + a).join(", ") + "."));
    const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
    wrap.append(el("ul", { class: "score-list" }, g.names.map((n, i) =>
      el("li", { class: (g.over ? g.winners : [g.player]).includes(i) ? "lead" : "" },
        el("span", { class: "p" + i }, n),
        el("span", {}, plural(g.tiles[i], "tile") + ", " + plural(g.units[i], "animal"))))));
    return wrap;
  },
};

function chips(items, kind) {
  return el("div", { class: "chips" }, items.map(t => el("span", { class: "chip" + (kind ? " " + kind : "") }, t)));
}

function bowlCard(b, open) {
  const recent = b.recent.slice().reverse();
  return el("div", { class: "card bowl" + (open ? " turn" : "") },
    el("div", {}, el("b", {}, b.title), el("span", { class: "muted" },
      b.dice ? "  " + b.draws + " rolls" : "  " + b.remaining + " of " + b.size + " left")),
    el("div", { class: "big" }, b.last === null ? "-" : b.last),
    recent.length > 1 ? el("div", { class: "muted" }, "Before: " +
      recent.slice(1).map(r => r[0] === "draw" || r[0] === "roll" ? r[1] : r[0] + " " + r[1]).join(", ")) : null);
}

// -- history, players, files -------------------------------------------------
function titles() {
  const out = {};
  for (const t of (tv.state && tv.state.titles) || []) out[t[0]] = t[1];
  return out;
}

function readable() {
  const games = [], bad = [];
  tv.history.forEach((e, i) => {
    try { games.push(normalize(e, titles())); } catch (err) { bad.push(i + 1); }
  });
  return { games, bad };
}

function renderHistory() {
  const { games, bad } = readable();
  const h = document.getElementById("history");
  h.replaceChildren(el("h2", {}, games.length + " finished game" + (games.length === 1 ? "" : "s")));
  if (bad.length) h.append(el("p", { class: "note" }, bad.length + " unreadable entr" + (bad.length === 1 ? "y" : "ies") + " left out"));
  games.slice().reverse().forEach(g => {
    const order = g.players.map((p, i) => i);
    if (g.scores.length) order.sort((a, b) => g.scores[b] - g.scores[a]);
    h.append(el("details", { class: "card" },
      el("summary", {}, el("b", {}, g.title), g.abandoned ? " (abandoned)" : "", ": ",
        order.map(i => (g.winners.includes(i) ? "\u2605" : "") + g.players[i] +
          (g.scores.length ? " " + g.scores[i] : "")).join(", ")),
      g.rounds.length ? el("table", {},
        el("thead", {}, el("tr", {}, el("th", {}, "Round"), g.players.map(p => el("th", {}, p)))),
        el("tbody", {}, g.rounds.map((r, k) => el("tr", {}, el("td", {}, (k + 1) +
          (g.round_notes[k] ? " " + g.round_notes[k] : "")), r.map(d => el("td", {}, signed(d))))))) : null));
  });
  const p = document.getElementById("players");
  p.replaceChildren(el("h2", {}, "Players"));
  for (const s of playerStats(games)) {
    p.append(el("div", { class: "card" }, el("b", {}, s.name),
      s.abandoned ? el("span", { class: "muted" }, "  " + s.abandoned + " abandoned") : null,
      el("table", {}, el("thead", {}, el("tr", {}, ["Game", "Played", "Won", "Best", "Avg"].map(x => el("th", {}, x)))),
        el("tbody", {}, s.games.map(r => el("tr", {}, el("td", {}, titles()[r.game] || r.game),
          el("td", {}, r.played), el("td", {}, r.wins + " (" + r.rate + "%)"), el("td", {}, r.best),
          el("td", {}, tenths(r.avg10))))))));
  }
  renderFiles(games, bad);
}

function renderFiles(games, bad) {
  const ul = document.getElementById("downloads");
  ul.replaceChildren();
  for (const a of ul.querySelectorAll("a")) URL.revokeObjectURL(a.href);
  const files = exportFiles(games, today());
  for (const name of Object.keys(files)) {
    const type = name.endsWith(".csv") ? "text/csv" : "application/json";
    const url = URL.createObjectURL(new Blob([files[name]], { type }));
    ul.append(el("li", {}, el("a", { href: url, download: name }, name)));
  }
  document.getElementById("files-note").textContent = games.length + " game(s)" +
    (bad.length ? "; " + bad.length + " unreadable entries left out" : "");
}

function today() {
  // The device has no clock: a game gets the day its file was made (as
  // `menagerie export` gives the day of the pull), on the phone's calendar.
  const d = new Date();
  const p = n => String(n).padStart(2, "0");
  return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate());
}

// host_tools/history.py normalize(): one finished game as the firmware files
// it -> the export's game; throws on a shape it cannot read.
function isInt(v) { return typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= 1e9; }
function ints(xs) {
  if (!Array.isArray(xs) || !xs.every(isInt)) throw new Error("not numbers");
  return xs.slice();
}
function seat(v, n) { if (!isInt(v) || v < 0 || v >= n) throw new Error("not a seat"); return v; }

function normalize(e, names) {
  if (!e || typeof e !== "object" || Array.isArray(e)) throw new Error("not a game");
  const game = e.game;
  if (typeof game !== "string") throw new Error("no game");
  const players = e.players;
  if (!Array.isArray(players) || !players.length || !players.every(p => typeof p === "string")) throw new Error("players");
  const n = players.length;
  const rounds = [];
  if (e.rounds !== undefined && e.rounds !== null) {
    if (!Array.isArray(e.rounds)) throw new Error("rounds");
    for (const r of e.rounds) {
      const row = ints(r);
      if (row.length !== n) throw new Error("round size");
      rounds.push(row);
    }
  }
  let scores = e.scores;
  if ((scores === undefined || scores === null) && rounds.length) {
    scores = players.map((_, i) => rounds.reduce((a, r) => a + r[i], 0));
  }
  scores = ints(scores === undefined || scores === null ? [] : scores);
  if (scores.length && scores.length !== n) throw new Error("scores");
  let winners = e.winners;
  winners = ints(winners === undefined || winners === null ? [] : winners);
  winners.forEach(w => seat(w, n));
  const start = e.start === undefined ? null : e.start;
  if (start !== null) seat(start, n);
  const date = e.date === undefined ? null : e.date;
  if (date !== null && typeof date !== "string") throw new Error("date");
  let initial = players.map(() => 0);
  if (scores.length && rounds.length) initial = players.map((_, i) => scores[i] - rounds.reduce((a, r) => a + r[i], 0));
  const notes = rounds.map(() => "");
  const two = e.two_cards;
  if (two !== undefined && two !== null) {
    if (!isInt(two) || two < 1 || two > rounds.length) throw new Error("two_cards");
    notes[two - 1] = "two cards";
  }
  let between = null;
  const tb = e.tiebreak;
  if (tb !== undefined && tb !== null) {
    if (typeof tb !== "object" || Array.isArray(tb)) throw new Error("tiebreak");
    const r = tb.round;
    if (!isInt(r) || r < 1 || r > rounds.length) throw new Error("tiebreak round");
    notes[r - 1] = "tie-break";
    between = ints(tb.between || []).map(p => seat(p, n)).sort((a, b) => a - b);
  }
  return {
    game, title: names[game] || game, players: players.slice(), rounds, scores,
    winners: winners.slice().sort((a, b) => a - b), start, date, initial,
    round_notes: notes, tiebreak_between: between,
    abandoned: Boolean(e.abandoned), ended_early: Boolean(e.ended_early),
  };
}

// firmware/menagerie/core/season.py player_stats()
function roundDiv(a, b) { return Math.floor((2 * a + b) / (2 * b)); }
function avg10(total, n) { return total >= 0 ? roundDiv(10 * total, n) : -roundDiv(-10 * total, n); }
function tenths(v) {
  const sign = v < 0 ? "-" : "";
  v = Math.abs(v);
  return sign + Math.floor(v / 10) + "." + (v % 10);
}
function pyLess(a, b) { return a < b ? -1 : a > b ? 1 : 0; }   // code point order, as Python sorts

function playerStats(history) {
  const people = new Map();
  for (const e of history) {
    const names = e.players || [], scores = e.scores || [], winners = e.winners || [];
    const game = String(e.game === undefined ? "?" : e.game);
    names.forEach((nm, s) => {
      const k = String(nm).trim().toLowerCase();
      if (!k) return;
      let p = people.get(k);
      if (!p) { p = [String(nm).trim(), 0, new Map()]; people.set(k, p); } else p[0] = String(nm).trim();
      if (e.abandoned) { p[1] += 1; return; }
      if (s >= scores.length || !isInt(scores[s])) return;
      const sc = scores[s];
      let g = p[2].get(game);
      if (!g) { g = [0, 0, sc, 0]; p[2].set(game, g); }
      g[0] += 1;
      if (winners.includes(s)) g[1] += 1;
      if (sc > g[2]) g[2] = sc;
      g[3] += sc;
    });
  }
  const out = [];
  for (const k of [...people.keys()].sort(pyLess)) {
    const [name, abandoned, per] = people.get(k);
    const rows = [...per.keys()].sort(pyLess).map(game => {
      const [played, wins, best, total] = per.get(game);
      return { game, played, wins, rate: roundDiv(100 * wins, played), best, avg10: avg10(total, played) };
    });
    out.push({ name, abandoned, games: rows });
  }
  return out;
}

// host_tools/export.py: the six files, byte for byte.
const NS = "6d656e61-6765-7269-6500-000000000000";

function sha1(bytes) {
  const h = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0];
  const ml = bytes.length;
  const n = ((ml + 9 + 63) >> 6) << 6;
  const m = new Uint8Array(n);
  m.set(bytes);
  m[ml] = 0x80;
  const bits = ml * 8;
  m[n - 4] = (bits >>> 24) & 255; m[n - 3] = (bits >>> 16) & 255; m[n - 2] = (bits >>> 8) & 255; m[n - 1] = bits & 255;
  m[n - 8] = Math.floor(bits / 2 ** 32) & 255;
  const w = new Int32Array(80);
  for (let o = 0; o < n; o += 64) {
    for (let i = 0; i < 16; i++) w[i] = (m[o + 4 * i] << 24) | (m[o + 4 * i + 1] << 16) | (m[o + 4 * i + 2] << 8) | m[o + 4 * i + 3];
    for (let i = 16; i < 80; i++) { const x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]; w[i] = (x << 1) | (x >>> 31); }
    let [a, b, c, d, e] = h;
    for (let i = 0; i < 80; i++) {
      let f, k;
      if (i < 20) { f = (b & c) | (~b & d); k = 0x5A827999; }
      else if (i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1; }
      else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC; }
      else { f = b ^ c ^ d; k = 0xCA62C1D6; }
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0; h[4] = (h[4] + e) | 0;
  }
  const out = new Uint8Array(20);
  h.forEach((v, i) => { out[4 * i] = v >>> 24; out[4 * i + 1] = (v >>> 16) & 255; out[4 * i + 2] = (v >>> 8) & 255; out[4 * i + 3] = v & 255; });
  return out;
}

function uuid5(name) {
  const ns = NS.replace(/-/g, "");
  const nb = new Uint8Array(16);
  for (let i = 0; i < 16; i++) nb[i] = parseInt(ns.substr(2 * i, 2), 16);
  const text = new TextEncoder().encode(name);
  const all = new Uint8Array(16 + text.length);
  all.set(nb); all.set(text, 16);
  const d = sha1(all).slice(0, 16);
  d[6] = (d[6] & 0x0f) | 0x50;
  d[8] = (d[8] & 0x3f) | 0x80;
  const hex = [...d].map(b => b.toString(16).padStart(2, "0")).join("");
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
}

function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    const o = {};
    for (const k of Object.keys(v).sort(pyLess)) o[k] = sortKeys(v[k]);
    return o;
  }
  return v;
}

// Python's json.dumps(indent=1, sort_keys=True, ensure_ascii=False) + "\n"
function pyJSON(v) { return JSON.stringify(sortKeys(v), null, 1) + "\n"; }

// Python's compact json.dumps() (", " and ": "), for the BG Stats play key.
function pyDumps(v) {
  if (Array.isArray(v)) return "[" + v.map(pyDumps).join(", ") + "]";
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v).replace(/[\u007f-\uffff]/g,
    c => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  return String(v);
}

function csvCell(v) {
  const s = v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "True" : "False") : String(v);
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}
function csv(rows, fields) {
  return [fields, ...rows.map(r => fields.map(f => r[f]))].map(r => r.map(csvCell).join(",") + "\r\n").join("");
}

function exportFiles(games, date0) {
  const date = g => (g.date || date0).slice(0, 10);
  const gamesRows = [], roundsRows = [];
  games.forEach((g, k) => {
    const n = k + 1;
    g.players.forEach((name, s) => gamesRows.push({
      game_no: n, date: date(g), game: g.title, seat: s + 1, player: name,
      score: g.scores.length ? g.scores[s] : "", winner: g.winners.includes(s) ? 1 : 0,
      start_player: g.start === null ? "" : (s === g.start ? 1 : 0), rounds: g.rounds.length }));
    const totals = (g.initial || g.players.map(() => 0)).slice();
    g.rounds.forEach((deltas, r) => deltas.forEach((d, s) => {
      totals[s] += d;
      roundsRows.push({ game_no: n, game: g.title, round: r + 1, note: g.round_notes[r], seat: s + 1,
        player: g.players[s], delta: d, total: totals[s] });
    }));
  });
  const stats = playerStats(games);
  const statRows = [];
  for (const p of stats) {
    for (const g of p.games) statRows.push({ player: p.name, game: g.game, played: g.played, wins: g.wins,
      win_rate: g.rate, best: g.best, average: tenths(g.avg10), abandoned: p.abandoned });
    if (!p.games.length) statRows.push({ player: p.name, game: "", played: 0, wins: 0, win_rate: "",
      best: "", average: "", abandoned: p.abandoned });
  }
  const players = [], titlesOut = [], plays = [], pid = new Map(), gid = new Map();
  games.forEach((g, k) => {
    const n = k + 1;
    if (!gid.has(g.title)) {
      gid.set(g.title, gid.size + 1);
      titlesOut.push({ id: gid.get(g.title), name: g.title, cooperative: false, highestWins: true,
        noPoints: !g.scores.length, uuid: uuid5("game:" + g.title) });
    }
    const scores = g.players.map((name, s) => {
      if (!pid.has(name)) {
        pid.set(name, pid.size + 1);
        players.push({ id: pid.get(name), name, isAnonymous: false, uuid: uuid5("player:" + name) });
      }
      return { playerRefId: pid.get(name), score: g.scores.length ? String(g.scores[s]) : "",
        winner: g.winners.includes(s), startPlayer: g.start === s, newPlayer: false, seatOrder: s + 1, rank: 0 };
    });
    const key = pyDumps([n, date(g), g.game, g.players, g.scores]);
    plays.push({ uuid: uuid5("play:" + key), gameRefId: gid.get(g.title), playDate: date(g) + " 00:00:00",
      durationMin: 0, ignored: g.abandoned, manualWinner: false, rounds: g.rounds.length,
      comments: "Menagerie game " + n, playerScores: scores });
  });
  return {
    "games.csv": csv(gamesRows, ["game_no", "date", "game", "seat", "player", "score", "winner", "start_player", "rounds"]),
    "rounds.csv": csv(roundsRows, ["game_no", "game", "round", "note", "seat", "player", "delta", "total"]),
    "stats.csv": csv(statRows, ["player", "game", "played", "wins", "win_rate", "best", "average", "abandoned"]),
    "stats.json": pyJSON(stats),
    "games.json": pyJSON(games),
    "bgstats.json": pyJSON({ players, games: titlesOut, plays, locations: [] }),
  };
}
tv.normalize = normalize;
tv.playerStats = playerStats;
tv.exportFiles = exportFiles;

// -- tabs --------------------------------------------------------------------
for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => {
    for (const o of document.querySelectorAll("#tabs button")) o.classList.toggle("on", o === b);
    for (const s of document.querySelectorAll("main section")) s.hidden = s.id !== b.dataset.tab;
  });
}
renderHistory();
setInterval(liveNote, 1000);
poll();
