import { expect, test } from "@playwright/test";
import { describeFindings, seriousViolations, settle } from "./support/axe.ts";

const SHOTS = process.env.API_DOCS_SHOTS_DIR ?? "test-results";
/** A known operation's summary: the reference shows the routes' own descriptions, not a skeleton. */
const TASK_LIST_SUMMARY = "Lista tarefas por projeto, responsável, status, prioridade ou prazo";

test.setTimeout(180_000);

test("the API reference renders from our server alone, under our CSP, accessibly", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const foreign: string[] = [];
  // The network here has no CDN: anything the page asks elsewhere (web fonts included) fails the test.
  page.on("request", (request) => {
    const url = request.url();
    const isOurs = url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:");
    if (!isOurs) foreign.push(url);
  });
  const pageProblems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|not found in configList/i.test(text)) pageProblems.push(text);
  });
  page.on("pageerror", (error) => pageProblems.push(error.message));

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: "Nexo API" }).first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText("Download OpenAPI Document")).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/api-docs-${width}.png` });
    const overviewFindings = await seriousViolations(page, `/api/docs ${width}px`);
    expect(overviewFindings, describeFindings(overviewFindings)).toEqual([]);

    await page.goto("/api/docs#tag/tasks/GET/api/tasks");
    await expect(page.getByRole("heading", { name: TASK_LIST_SUMMARY })).toBeVisible({ timeout: 30_000 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/api-docs-operation-${width}.png` });
    const findings = await seriousViolations(page, `/api/docs#…/api/tasks ${width}px`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  expect(foreign).toEqual([]);
  expect(pageProblems).toEqual([]);
});
