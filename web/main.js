// Menagerie in a browser: boots MicroPython (WebAssembly), loads the
// firmware's own Python (firmware.json, written by `make web`), and is the
// hardware for it: the OLED on a canvas, buttons (on screen, pointer and
// keyboard), the piezo (Web Audio) and the store's regions (localStorage).
// The Python side of that hardware is web/hw_web.py; they talk through the
// `menagerie_bridge` module below with strings and numbers only.
import { loadMicroPython } from "./micropython.mjs";

const BOARDS = { pico: "raspberry_pi_pico", feather: "adafruit_feather_rp2040" };
const SCALE = 4;            // screen pixels per OLED pixel (as sim/render.py's PNGs)
const HOLD_MS = 800;        // 'o' and 'b': a long press, as in `make sim`
const MAX_EVENTS = 64;      // keypad's queue depth on the board
// sim/render.py's OLED look: bezel, glass, unlit and lit dots.
const BEZEL = [34, 36, 40], GLASS = [6, 8, 14], OFF = [16, 20, 30], ON = [120, 200, 255];

const t0 = performance.now();
const params = new URLSearchParams(location.search);
const boardKey = BOARDS[params.get("board")] ? params.get("board")
  : (BOARDS[localStorage.getItem("menagerie/board")] ? localStorage.getItem("menagerie/board") : "pico");
const seedParam = params.has("seed") ? parseInt(params.get("seed"), 10) : -1;

const api = { ready: false, firstFrameMs: null, frames: 0, steps: 0, eventSteps: [], error: null,
  pending: () => queue.length };
window.menagerie = api;

// -- time and the button queue ------------------------------------------
function nowMs() { return Math.floor(performance.now() - t0); }

// Every event the browser delivers in one task gets one stamp (taken at the
// first): two keys pressed "at once" by a script, or coalesced by the
// browser, are at the same millisecond, as keypad reports two contacts
// closing in the same 1 ms scan. Separate deliveries get their own time.
let batchStamp = null;
function stamp() {
  if (batchStamp === null) {
    batchStamp = nowMs();
    queueMicrotask(() => { batchStamp = null; });
  }
  return batchStamp;
}

let queue = [];   // [t, seq, name, down]
let seq = 0;
let overflowed = false;
let names = [];
function push(name, down, t) {
  if (!names.includes(name)) return;
  queue.push([t, ++seq, name, down]);
  queue.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const due = queue.filter(e => e[0] <= nowMs()).length;
  if (due > MAX_EVENTS) {  // what keypad does when the app falls behind
    overflowed = true;
    queue = queue.filter(e => e[0] > nowMs());
  }
}
function take(now) {
  let n = 0;
  while (n < queue.length && queue[n][0] <= now) n++;
  const due = queue.splice(0, n);
  const parts = due.map(e => e[2] + "," + (e[3] ? 1 : 0) + "," + e[0]);
  if (overflowed) { parts.unshift("!"); overflowed = false; }
  return parts.join(";");
}

// -- sound --------------------------------------------------------------
let audio = null, osc = null, gain = null;
const soundBox = document.getElementById("sound");
function unlockAudio() {
  // Browsers start audio only from a user gesture.
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
  gain = audio.createGain();
  gain.gain.value = 0.05;
  gain.connect(audio.destination);
}
function tone(freq) {
  if (!audio) return;
  if (freq > 0 && soundBox.checked) {
    if (!osc) {
      osc = audio.createOscillator();
      osc.type = "square";  // a piezo on PWM at 50% duty
      osc.connect(gain);
      osc.start();
    }
    osc.frequency.setValueAtTime(freq, audio.currentTime);
  } else if (osc) {
    osc.stop();
    osc.disconnect();
    osc = null;
  }
}

// -- the store's regions ---------------------------------------------------
function load(key) { return localStorage.getItem(key) || ""; }
function save(key, hex) { localStorage.setItem(key, hex); }
function randomHex(n) {
  const b = new Uint8Array(n);
  crypto.getRandomValues(b);
  return Array.from(b, x => x.toString(16).padStart(2, "0")).join("");
}

// -- the OLED ----------------------------------------------------------------
const canvas = document.getElementById("oled");
let ctx = null, image = null, width = 128, height = 64;
function setupCanvas(w, h) {
  width = w; height = h;
  const m = 3 * SCALE;
  canvas.width = w * SCALE + 2 * m;
  canvas.height = h * SCALE + 2 * m;
  ctx = canvas.getContext("2d", { willReadFrequently: true });
  image = ctx.createImageData(canvas.width, canvas.height);
  const d = image.data;
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const inside = x >= m && y >= m && x < m + w * SCALE && y < m + h * SCALE;
      const c = inside ? GLASS : BEZEL;
      const i = 4 * (y * canvas.width + x);
      d[i] = c[0]; d[i + 1] = c[1]; d[i + 2] = c[2]; d[i + 3] = 255;
    }
  }
}
function draw(hex) {
  // hex: the controller's RAM, 128 columns per page, bit n of a byte = row
  // 8 * page + n; "" = panel off. Dots are SCALE-1 wide with a 1 px gap,
  // but no gap between two lit dots (as sim/render.py: an inverted title
  // bar reads as solid light, its letters uncut).
  const d = image.data, m = 3 * SCALE, cw = canvas.width;
  const on = (x, y) => {
    if (!hex || x >= width || y >= height) return false;
    const k = 2 * ((y >> 3) * 128 + x);
    return (parseInt(hex.substr(k, 2), 16) & (1 << (y & 7))) !== 0;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const lit = on(x, y);
      const right = lit && on(x + 1, y), below = lit && on(x, y + 1);
      const c = lit ? ON : OFF;
      for (let dy = 0; dy < SCALE; dy++) {
        let i = 4 * ((m + y * SCALE + dy) * cw + m + x * SCALE);
        for (let dx = 0; dx < SCALE; dx++, i += 4) {
          const gapx = dx === SCALE - 1 && !right, gapy = dy === SCALE - 1 && !below;
          const p = gapx || gapy ? GLASS : c;
          d[i] = p[0]; d[i + 1] = p[1]; d[i + 2] = p[2];
        }
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  api.frames++;
  if (api.firstFrameMs === null) api.firstFrameMs = performance.now();
}

// -- buttons on screen -----------------------------------------------------
const LABELS = { UP: "\u25b2", DOWN: "\u25bc", LEFT: "\u25c0", RIGHT: "\u25b6", OK: "OK", BACK: "BACK" };
function makeButton(name, parent, cls, label) {
  const b = document.createElement("button");
  b.className = "key " + cls;
  b.dataset.key = name;
  b.textContent = label;
  b.setAttribute("aria-label", name);
  const held = new Set();   // pointers on this button: several fingers at once
  const down = e => {
    e.preventDefault();
    unlockAudio();
    try { b.setPointerCapture(e.pointerId); } catch (err) { /* synthetic */ }
    if (held.size === 0) { push(name, true, stamp()); b.classList.add("down"); }
    held.add(e.pointerId);
  };
  const up = e => {
    if (!held.delete(e.pointerId)) return;
    if (held.size === 0) { push(name, false, stamp()); b.classList.remove("down"); }
  };
  b.addEventListener("pointerdown", down);
  b.addEventListener("pointerup", up);
  b.addEventListener("pointercancel", up);
  b.addEventListener("contextmenu", e => e.preventDefault());  // long press on phones
  parent.appendChild(b);
  return b;
}
function buildButtons() {
  const nav = document.getElementById("nav");
  const players = document.getElementById("players");
  if (names.includes("LEFT")) {
    // Pico: a cross of arrows, OK in the middle, BACK below.
    const cells = ["", "UP", "", "LEFT", "OK", "RIGHT", "", "DOWN", "BACK"];
    for (const n of cells) {
      if (n && names.includes(n)) makeButton(n, nav, "nav-" + n.toLowerCase(), LABELS[n]);
      else nav.appendChild(document.createElement("span"));
    }
  } else {
    // Feather OLED wing: A, B, C beside the screen (hold B for BACK).
    nav.classList.add("three");
    const wing = { UP: "A \u25b2", OK: "B OK", DOWN: "C \u25bc" };
    for (const n of ["UP", "OK", "DOWN"]) if (names.includes(n)) makeButton(n, nav, "nav-" + n.toLowerCase(), wing[n]);
  }
  for (const n of names) if (n[0] === "P") makeButton(n, players, "player " + n.toLowerCase(), n);
}

// -- keyboard: the same map as `make sim` (sim/terminal.py) ------------------
function keyAction(e) {
  const hasBack = names.includes("BACK");
  switch (e.key) {
    case "ArrowUp": return ["UP", 0];
    case "ArrowDown": return ["DOWN", 0];
    case "ArrowLeft": return ["LEFT", 0];
    case "ArrowRight": return ["RIGHT", 0];
    case "Enter": return ["OK", 0];
    case "o": case "O": return ["OK", HOLD_MS];
    case "Backspace": case "Escape": return hasBack ? ["BACK", 0] : ["OK", HOLD_MS];
    case "b": case "B": return hasBack ? ["BACK", HOLD_MS] : null;
  }
  if (e.key >= "1" && e.key <= "6") return ["P" + e.key, 0];
  return null;
}
const keysDown = new Map();   // e.code -> button name, for keys held down
document.addEventListener("keydown", e => {
  if (e.target && e.target.tagName === "SELECT") return;
  const a = keyAction(e);
  if (!a || !names.includes(a[0])) return;
  e.preventDefault();
  unlockAudio();
  if (e.repeat) return;     // the firmware makes its own repeats
  const t = stamp();
  push(a[0], true, t);
  if (a[1]) push(a[0], false, t + a[1]);   // a long press, released by itself
  else keysDown.set(e.code, a[0]);
});
document.addEventListener("keyup", e => {
  const n = keysDown.get(e.code);
  if (n === undefined) return;
  keysDown.delete(e.code);
  push(n, false, stamp());
});
window.addEventListener("blur", () => {
  // A key released while the page had no focus must not stay held.
  for (const n of keysDown.values()) push(n, false, stamp());
  keysDown.clear();
});

function legend() {
  const has = n => names.includes(n);
  const parts = ["arrows=" + ["UP", "DOWN", "LEFT", "RIGHT"].filter(has).join("/"), "Enter=OK", "o=hold OK"];
  parts.push(has("BACK") ? "Backspace/Esc=BACK  b=hold BACK" : "Backspace/Esc=BACK (hold OK)");
  const pl = names.filter(n => n[0] === "P");
  if (pl.length) parts.push("1-" + pl.length + "=" + pl[0] + ".." + pl[pl.length - 1]);
  document.getElementById("legend").textContent = "Keys: " + parts.join("  ");
}

// -- boot and the main loop --------------------------------------------------
const status = document.getElementById("status");
const screenText = document.getElementById("screen-text");
let web = null;

function frame() {
  const now = nowMs();
  const hadEvents = queue.length > 0 && queue[0][0] <= now;
  const a = performance.now();
  let fr;
  try {
    fr = web.step(now);
  } catch (err) {
    fail(err);
    return;
  }
  api.steps++;
  if (fr !== null && fr !== undefined) {
    draw(fr);
    screenText.textContent = web.screen_text();
  }
  if (hadEvents) api.eventSteps.push(performance.now() - a);
  requestAnimationFrame(frame);
}

function fail(err) {
  api.error = String(err && err.stack || err);
  status.textContent = "Stopped: " + api.error;
  status.classList.add("error");
}

async function boot() {
  const select = document.getElementById("board");
  select.value = boardKey;
  select.addEventListener("change", () => {
    // Another board is another device: its own saves, a fresh boot.
    localStorage.setItem("menagerie/board", select.value);
    const p = new URLSearchParams(location.search);
    p.set("board", select.value);
    location.search = p.toString();
  });
  const [mp, files] = await Promise.all([
    loadMicroPython({ stdout: s => console.log(s), stderr: s => console.error(s) }),
    fetch("firmware.json").then(r => { if (!r.ok) throw new Error("firmware.json: " + r.status); return r.json(); }),
  ]);
  const made = new Set();
  for (const path of Object.keys(files)) {
    let dir = "/app";
    for (const part of ["", ...path.split("/").slice(0, -1)]) {
      if (part) dir += "/" + part;
      if (!made.has(dir)) { try { mp.FS.mkdir(dir); } catch (err) { /* exists */ } made.add(dir); }
    }
    mp.FS.writeFile("/app/" + path, files[path]);
  }
  mp.registerJsModule("menagerie_bridge", { now: nowMs, take, tone, load, save, random_hex: randomHex });
  mp.runPython("import sys\nsys.path.insert(0, '/app')");
  web = mp.pyimport("web_main");
  // names first: the buttons must exist before the first events
  const fr = web.start(BOARDS[boardKey], seedParam);
  names = web.button_names().split(" ");
  setupCanvas(128, parseInt(web.display_height(), 10));
  buildButtons();
  legend();
  status.textContent = web.board_name();
  if (fr !== null && fr !== undefined) draw(fr);
  api.web = web;
  api.screen = () => web.screen_name();
  api.text = () => web.screen_text();
  api.state = () => JSON.parse(web.state_json());
  api.ready = true;
  requestAnimationFrame(frame);
}

boot().catch(fail);
