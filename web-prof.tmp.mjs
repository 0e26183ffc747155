// Profiles /dashboard's first load (CDP CPU profile, 4x CPU throttle) and sums self time per source file via sourcemaps.
import { chromium } from "playwright";
import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
const base = process.argv[2]; const distDir = process.argv[3]; const cookie = process.argv[4]; const route = process.argv[5] ?? "/dashboard";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const [name, value] = cookie.split("=");
await context.addCookies([{ name, value, url: base }]);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Profiler.start");
await page.goto(base + route, { waitUntil: "networkidle" });
await page.waitForTimeout(1000);
const { profile } = await cdp.send("Profiler.stop");
await browser.close();
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const consumers = new Map();
const consumerOf = (url) => {
  if (!url.includes("/assets/")) return null;
  const file = path.join(distDir, "assets", url.split("/assets/")[1]);
  if (!consumers.has(file)) consumers.set(file, fs.existsSync(file + ".map") ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file + ".map", "utf8"))) : null);
  return consumers.get(file);
};
const bySource = new Map(); const byFn = new Map();
for (const [id, us] of self) {
  const cf = nodes.get(id).callFrame;
  let key = cf.url ? cf.url.split("/").pop() : cf.functionName || "(native)";
  const c = consumerOf(cf.url);
  let fn = cf.functionName;
  if (c) {
    const pos = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
    if (pos.source) {
      const s = pos.source;
      key = s.includes("node_modules/") ? s.split("node_modules/").pop().split("/").slice(0, s.split("node_modules/").pop().startsWith("@") ? 2 : 1).join("/") : s.replace(/^.*src\//, "src/");
      fn = `${pos.name ?? fn} ${s.replace(/^.*node_modules\//, "").replace(/^.*src\//, "src/")}:${pos.line}`;
    }
  }
  bySource.set(key, (bySource.get(key) ?? 0) + us);
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join("\n");
console.log("total ms", (profile.endTime - profile.startTime) / 1000);
console.log("== by source\n" + top(bySource, 30));
console.log("== by function\n" + top(byFn, 40));
