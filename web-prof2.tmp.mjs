import { chromium } from "playwright";
import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
const [base, distDir, cookie, route = "/dashboard"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const [name, value] = cookie.split("=");
await context.addCookies([{ name, value, url: base }]);
const page = await context.newPage();
const reqs = [];
page.on("requestfinished", (r) => reqs.push([Date.now(), r.url().replace(base, "")]));
const cdp = await context.newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
const t0 = Date.now();
await page.goto(base + route, { waitUntil: "networkidle" });
await page.waitForTimeout(1500);
const { profile } = await cdp.send("Profiler.stop");
await browser.close();
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const consumers = new Map();
const mapFrame = (cf) => {
  if (!cf.url.includes("/assets/")) return null;
  const file = path.join(distDir, "assets", cf.url.split("/assets/")[1].split("?")[0]);
  if (!consumers.has(file)) consumers.set(file, fs.existsSync(file + ".map") ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file + ".map", "utf8"))) : null);
  const c = consumers.get(file); if (!c) return null;
  const pos = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return pos.source ? { src: pos.source.replace(/^.*src\//, "src/"), name: pos.name, line: pos.line, isOurs: !pos.source.includes("node_modules") } : null;
};
const cache = new Map();
const ownerOf = (id) => {
  if (cache.has(id)) return cache.get(id);
  let cur = id, result = null;
  while (cur) { const m = mapFrame(nodes.get(cur).callFrame); if (m && m.isOurs) { result = `${m.src}:${m.line}`; break; } cur = parent.get(cur); }
  cache.set(id, result); return result;
};
// per 50ms bucket: busy ms and top our-code frames
let t = profile.startTime; const buckets = new Map();
profile.samples.forEach((id, i) => { t += profile.timeDeltas[i]; const cf = nodes.get(id).callFrame; if (cf.functionName === "(idle)") return; const b = Math.floor((t - profile.startTime) / 50000); const e = buckets.get(b) ?? { busy: 0, owners: new Map() }; e.busy += profile.timeDeltas[i]; const o = ownerOf(id) ?? (cf.functionName || "(native)"); e.owners.set(o, (e.owners.get(o) ?? 0) + profile.timeDeltas[i]); buckets.set(b, e); });
for (const [b, e] of [...buckets].sort((x, y) => x[0] - y[0])) { if (e.busy < 10000) continue; console.log(`${String(b * 50).padStart(5)}ms busy ${(e.busy / 1000).toFixed(0).padStart(3)}  ` + [...e.owners].sort((x, y) => y[1] - x[1]).slice(0, 4).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`).join(" | ")); }
console.log("requests (ms after start):"); for (const [at, u] of reqs) if (u.startsWith("/api")) console.log(at - t0, u);
