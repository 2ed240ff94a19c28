// Drives the page in the system's headless Chromium with the pinned
// playwright-core (no browser download): reads a JSON list of steps on stdin,
// runs them in order and prints {"results": [...]} (one entry per step that
// returns something) as JSON. Used by tests/test_web_page.py and
// bench/b_web.py, which serve build/web and say what to do.
//
// Steps:
//   {"op": "goto", "url": U}        open U, wait until the page has booted
//   {"op": "reload"}                reload (a power cut), wait until booted
//   {"op": "wait", "js": E}         wait until the expression E is true
//   {"op": "eval", "js": E}         E's value (JSON) into the results
//   {"op": "press", "name": N}      one click on button N (pointer down and
//                                   up in one task), then wait until the
//                                   firmware has taken it
//   {"op": "click", "name": N}      a real mouse click on button N
//   {"op": "keys", "keys": [K...]}  these keys down together in one task,
//                                   then up together; waits as press does
//   {"op": "canvas"}                the OLED canvas' RGBA pixels (base64)
//   {"op": "screenshot", "path": P} a PNG of the page ("viewport": true:
//                                   only what the screen shows)
//   {"op": "click_selector", "selector": S}  a real click on the element S
//   {"op": "open", "url": U, "width": W, "height": H}
//                                   open U (any page: no boot to wait
//                                   for), optionally in a W x H viewport
//                                   (a phone in portrait); "dark": true
//                                   as a phone set to dark mode
//
// With the argument --lines, steps come one JSON object a line and each
// answer is printed as one line {"result": R} (or {"error": E}) at once:
// tests/table_view_helpers.py plays a game on the simulator between steps.
import { chromium } from "playwright-core";
import fs from "fs";
import os from "os";
import path from "path";

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const TIMEOUT = parseInt(process.env.WEB_TIMEOUT_MS || "30000", 10);
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  // rAF and timers at full speed even if the window is "hidden"
  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows"];

const LINES = process.argv.includes("--lines");
const steps = LINES ? [] : JSON.parse(fs.readFileSync(0, "utf8"));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "menagerie-chromium-"));
const results = [];
let context = null;
const logs = [];

async function booted(page) {
  await page.waitForFunction(() => window.menagerie && (window.menagerie.ready || window.menagerie.error),
    null, { timeout: TIMEOUT });
  const err = await page.evaluate(() => window.menagerie.error);
  if (err) throw new Error("page stopped: " + err);
}

// Waits until every queued event is due and taken, and one more loop turn
// has run after that (so the screen shows its result).
async function settle(page) {
  const s0 = await page.evaluate(() => window.menagerie.steps);
  await page.waitForFunction(s => window.menagerie.pending() === 0 && window.menagerie.steps > s + 1,
    s0, { timeout: TIMEOUT });
}

try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 800, height: 700 },
  });
  let page = context.pages()[0] || await context.newPage();
  const watch = p => {
    p.on("console", m => logs.push(m.type() + ": " + m.text()));
    p.on("pageerror", e => logs.push("pageerror: " + e.message));
  };
  watch(page);
  async function step(st) {
    switch (st.op) {
      case "open":
        if (st.width) {
          // A phone: its own page with a portrait viewport and touch.
          const old = page;
          page = await context.newPage();
          watch(page);
          await old.close();
          await page.setViewportSize({ width: st.width, height: st.height });
        }
        await page.emulateMedia({ colorScheme: st.dark ? "dark" : "light" });
        await page.goto(st.url);
        break;
      case "goto": await page.goto(st.url); await booted(page); break;
      case "reload": await page.reload(); await booted(page); break;
      case "wait": await page.waitForFunction(st.js, null, { timeout: st.timeout || TIMEOUT }); break;
      case "eval": results.push(await page.evaluate(st.js)); break;
      case "press":
        await page.evaluate(n => {
          const b = document.querySelector('[data-key="' + n + '"]');
          if (!b) throw new Error("no button " + n);
          const o = { bubbles: true, pointerId: 1, pointerType: "mouse", isPrimary: true };
          b.dispatchEvent(new PointerEvent("pointerdown", o));
          b.dispatchEvent(new PointerEvent("pointerup", o));
        }, st.name);
        await settle(page);
        break;
      case "click":
        await page.locator('[data-key="' + st.name + '"]').click();
        await settle(page);
        break;
      case "keys":
        await page.evaluate(keys => {
          const ev = (type, k) => new KeyboardEvent(type, { key: k, code: "Key" + k, bubbles: true });
          for (const k of keys) document.dispatchEvent(ev("keydown", k));
          for (const k of keys) document.dispatchEvent(ev("keyup", k));
        }, st.keys);
        await settle(page);
        break;
      case "canvas":
        results.push(await page.evaluate(() => {
          const c = document.getElementById("oled");
          const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
          let s = "";
          for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
          return { width: c.width, height: c.height, rgba: btoa(s) };
        }));
        break;
      case "click_selector": await page.locator(st.selector).click(); break;
      case "screenshot": await page.screenshot({ path: st.path, fullPage: !st.viewport }); break;
      default: throw new Error("unknown step " + JSON.stringify(st));
    }
  }
  if (LINES) {
    const readline = await import("readline");
    for await (const line of readline.createInterface({ input: process.stdin })) {
      if (!line.trim()) continue;
      const n = results.length;
      try {
        await step(JSON.parse(line));
        process.stdout.write(JSON.stringify({ result: results.length > n ? results.pop() : null }) + "\n");
      } catch (e) {
        process.stdout.write(JSON.stringify({ error: String(e.stack || e), logs }) + "\n");
      }
    }
  }
  for (const st of steps) await step(st);
  process.stdout.write(LINES ? "" : JSON.stringify({ results, logs }));
} catch (e) {
  process.stderr.write("drive: " + (e.stack || e) + "\n--- page console ---\n" + logs.join("\n") + "\n");
  process.exitCode = 1;
} finally {
  if (context) await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
