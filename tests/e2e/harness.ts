// Browser-test harness: the real server as a child process (fresh data dir, free port) and the
// system Chromium driven by playwright-core, one per run (tests/e2e/chromium.ts, tests/setup/
// e2e-chromium.ts). DESIGN.md "Running": without a Chromium the browser tests are skipped with one
// loud line, except under CI=true, where that is an error.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Frame, type Page, type Request } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_DEMO_TOTP_SECRET, OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators';
import { HYDRATED_ATTRIBUTE } from '../../src/app/hydrated-mark';
import { SSR_ROOT_ATTRIBUTE } from '../../src/app/ssr-state';
import {
  assertBuilt,
  copyTemplate,
  dropDataDirDatabase,
  freePort,
  REPO_ROOT,
  seededTemplate,
  spawnOnFreePort,
  spawnServer,
  timingsNote,
  type RunningServer,
  type SpawnOptions,
  type StartServerOptions,
} from './server-child';
import type { SharedServerNote } from '../setup/e2e-shared-server';
import { killAndWait } from '../helpers/server-process';

export { REPO_ROOT };
/**
 * This run's own folder (git-ignored): E2E_ARTIFACTS_DIR, else one per vitest run (keyed by the
 * vitest main process, the parent of every test-file worker), so runs never overwrite each other.
 */
const ARTIFACTS_DIR =
  process.env.E2E_ARTIFACTS_DIR ?? path.join(REPO_ROOT, 'tests/e2e/artifacts', `run-${process.ppid}`);

// ---------------------------------------------------------------------------------------------
// Chromium
// ---------------------------------------------------------------------------------------------

export { CHROMIUM_ARGS, findChromium };

export const chromiumPath = findChromium();
/** `describe` when a Chromium exists, `describe.skip` otherwise. */
export const describeBrowser = chromiumPath ? describe : describe.skip;

/**
 * The run's shared Chromium (tests/setup/e2e-chromium.ts), connected to: `close()` then drops
 * this file's contexts and disconnects, leaving it running for the next file. With `extraArgs`
 * (further switches, e.g. a fake camera) or outside a vitest run, a Chromium of the file's own.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!chromiumPath) throw new Error('launchBrowser() without a Chromium: wrap the suite in describeBrowser.');
  const shared = extraArgs.length === 0 ? sharedChromiumEndpoint() : '';
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

function sharedChromiumEndpoint(): string {
  try {
    return inject('chromiumWsEndpoint') ?? '';
  } catch {
    // Not inside a vitest worker with the e2e project's global setup (a script importing the harness).
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Pages: fail the test on page errors and unexpected console errors
// ---------------------------------------------------------------------------------------------

/**
 * Console errors that are not app bugs. A guest calling a signed-in API gets 401 by contract
 * (DESIGN.md: code 10001), and Chromium logs every 4xx response as a console error.
 */
const ALWAYS_ALLOWED_CONSOLE_ERRORS: RegExp[] = [/Failed to load resource: the server responded with a status of 401/];

interface PageWatch {
  name: string;
  allowed: RegExp[];
  problems: string[];
  skipAxe?: boolean;
  /** The last API exchanges of the page's context, for a failed test's state (oldest first). */
  api: string[];
  /**
   * The last addresses the page's main frame showed and the documents it loaded, with their status
   * (oldest first): how a page reached where it failed — a server's redirect, a reload, or the app's
   * own navigation (promotion-sets ended on /login once on CI with no trace of why, session 23).
   */
  navigations: string[];
}

/**
 * How many API exchanges a page keeps for a failed test's state: a page's own loads (home's eight
 * calls, the papers it keeps offline) pushed a test's last writes out of twelve (messages.test).
 */
const API_LOG_SIZE = 25;
const NAVIGATION_LOG_SIZE = 12;

const watchedPages = new Map<Page, PageWatch>();

export interface NewPageOptions {
  /** Console errors this page is expected to log (e.g. /ERR_CONNECTION_REFUSED/ when offline). */
  allowConsoleErrors?: RegExp[];
  /** Used in failure messages and failure screenshots. */
  name?: string;
  /** Default: a desktop window, the shop's main use (SPEC: 1200 px content width). */
  viewport?: { width: number; height: number };
}

/**
 * A page in a fresh context (zh-CN, Asia/Shanghai, desktop viewport unless told). Uncaught page errors and
 * console errors not allowed by `allowConsoleErrors` fail the current test (checked after each test).
 */
export async function newPage(browser: Browser, baseUrl: string, options: NewPageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const watch: PageWatch = {
    name: options.name ?? `page-${watchedPages.size + 1}`,
    allowed: [...ALWAYS_ALLOWED_CONSOLE_ERRORS, ...(options.allowConsoleErrors ?? [])],
    problems: [],
    api: [],
    navigations: [],
  };
  watchedPages.set(page, watch);
  watchApi(page, watch);
  watchNavigations(page, watch);
  page.on('pageerror', (error) => watch.problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (watch.allowed.some((re) => re.test(text))) return;
    const where = message.location().url;
    watch.problems.push(`console.error: ${text}${where ? ` (${where})` : ''}`);
  });
  // A page the test closes itself is checked right before it goes (the end-of-test run cannot see it).
  const closePage = page.close.bind(page);
  const closeContext = context.close.bind(context);
  const checkBeforeClose = async () => {
    if (!watch.skipAxe && !page.isClosed()) watch.problems.push(...(await accessibilityProblems(page)));
  };
  page.close = async (...args: Parameters<Page['close']>) => (await checkBeforeClose(), closePage(...args));
  context.close = async (...args: Parameters<typeof context.close>) => (
    await checkBeforeClose(),
    closeContext(...args)
  );
  page.on('close', () => {
    // Problems seen before closing are still reported by the afterEach check below.
    if (watch.problems.length === 0) watchedPages.delete(page);
  });
  // A server-drawn page is on screen before its script runs; a click or a typed value then finds no
  // React listener yet and is lost (as it would be for a buyer that quick). Tests act on the page
  // as the buyer would once it works: goto returns when a drawn page is hydrated ('commit' excepted:
  // those tests watch the page before its script).
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    if (args[1]?.waitUntil !== 'commit') await untilPageHydrated(page);
    return response;
  };
  // The same after a navigation the page made itself (a sign-in's full load, a link or form
  // followed before hydration): a drawn page there hydrates after its load as well.
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (...args: Parameters<Page['waitForURL']>) => {
    await waitForURL(...args);
    if (args[1]?.waitUntil !== 'commit') await untilPageHydrated(page);
  };
  return page;
}

/**
 * What a failed test's page showed, as `[e2e-state]` lines in the run's output (.ci/run prints them
 * in the tail CI keeps): its address, any dialog and alert, what it was waiting on, and its last API
 * exchanges. A flake seen once on CI is then more than a name and a timeout.
 */
async function logPageState(page: Page, watch: PageWatch, test: string): Promise<void> {
  const say = (text: string) => console.log(`[e2e-state] ${test} [${watch.name}] ${text}`);
  const texts = async (selector: string) =>
    (
      await page
        .locator(selector)
        .allInnerTexts()
        .catch(() => [] as string[])
    )
      .map((t) => t.replace(/\s+/g, ' ').trim().slice(0, 200))
      .filter(Boolean);
  say(`at ${page.url()} (${new Date().toISOString().slice(11, 23)})`);
  // Whether the page was drawing: a hidden page gets no animation frames (long-lists hung on one).
  const drawing = await page
    .evaluate(() =>
      Promise.race([
        new Promise<string>((resolve) => requestAnimationFrame(() => resolve('frames come'))),
        new Promise<string>((resolve) => setTimeout(() => resolve('no frame in 1 s'), 1_000)),
      ]).then((frames) => `${document.visibilityState}, ${frames}`),
    )
    .catch(
      (error: unknown) => `could not ask: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  say(`page: ${drawing}`);
  for (const t of await texts('[role="dialog"], [role="alertdialog"]')) say(`dialog: ${t}`);
  for (const t of await texts('[role="alert"], [role="status"]')) say(`alert/status: ${t}`);
  const writes = apiWritesInFlight.get(page);
  if (writes && writes.size > 0) say(`API writes unanswered: ${[...writes].map((r) => r.url()).join(', ')}`);
  for (const step of watch.navigations) say(`nav: ${step}`);
  for (const exchange of watch.api) say(`api: ${exchange}`);
}

/**
 * Keeps the main frame's last NAVIGATION_LOG_SIZE steps: each address it showed (a document load or
 * the app's history change) and each document answer with its status and any redirect's target.
 */
function watchNavigations(page: Page, watch: PageWatch): void {
  const now = () => new Date().toISOString().slice(11, 23);
  const keep = (step: string) => {
    watch.navigations.push(`${now()} ${step}`);
    if (watch.navigations.length > NAVIGATION_LOG_SIZE) watch.navigations.shift();
  };
  const here = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${pathname}${search.slice(0, 80)}`;
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) keep(`shows ${here(frame.url())}`);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'document' || request.frame() !== page.mainFrame()) return;
    const location = response.headers()['location'];
    keep(`document ${here(response.url())} → ${response.status()}${location ? ` to ${location}` : ''}`);
  });
}

/** API writes (not GET/HEAD) a page's context has sent and not yet seen answered or failed. */
const apiWritesInFlight = new WeakMap<Page, Set<Request>>();

/**
 * Follows the API requests of a page's context: the writes still unanswered (untilApiWritesAnswered)
 * and the last API_LOG_SIZE exchanges with their status and time, for a failed test's state.
 */
function watchApi(page: Page, watch: PageWatch): void {
  const inFlight = new Set<Request>();
  apiWritesInFlight.set(page, inFlight);
  const started = new WeakMap<Request, number>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const keep = (request: Request, outcome: string) => {
    const { pathname, search } = new URL(request.url());
    const start = started.get(request) ?? Date.now();
    // Kept in the order they ended; the start's time of day puts them on the test's own timeline.
    const at = new Date(start).toISOString().slice(11, 23);
    watch.api.push(
      `${at} ${request.method()} ${pathname}${search.slice(0, 60)} → ${outcome} in ${Date.now() - start} ms`,
    );
    if (watch.api.length > API_LOG_SIZE) watch.api.shift();
  };
  const context = page.context();
  // The context sees the service worker's requests too (Chromium), not only the page's own.
  context.on('request', (request) => {
    if (!isApi(request)) return;
    started.set(request, Date.now());
    const method = request.method();
    if (method !== 'GET' && method !== 'HEAD') inFlight.add(request);
  });
  context.on('requestfinished', (request) => {
    inFlight.delete(request);
    if (!isApi(request)) return;
    void request.response().then(
      (response) => keep(request, String(response?.status() ?? '?')),
      () => keep(request, 'no response'),
    );
  });
  context.on('requestfailed', (request) => {
    inFlight.delete(request);
    if (isApi(request)) keep(request, `failed (${request.failure()?.errorText ?? '?'})`);
  });
}

/**
 * Resolves once every API write the page's context has sent has been answered or has failed:
 * with the outbox empty, nothing more can arrive, so the server's state is final. The event a
 * late duplicate would need, instead of a fixed "settle" sleep.
 */
export async function untilApiWritesAnswered(page: Page, timeoutMs = 30_000): Promise<void> {
  const inFlight = apiWritesInFlight.get(page);
  if (!inFlight) throw new Error('untilApiWritesAnswered: page was not created by newPage()');
  const deadline = Date.now() + timeoutMs;
  while (inFlight.size > 0) {
    if (Date.now() > deadline) {
      throw new Error(
        `API writes still unanswered: ${[...inFlight].map((r) => `${r.method()} ${r.url()}`).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Resolves when #root is not server-drawn, or React has committed its hydration (src/app/
 * hydrated-mark.tsx). Not earlier: hydration runs in a transition, and nodes React has claimed
 * but not yet committed do not answer a typed value.
 */
export async function untilPageHydrated(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(
    ({ drawn, hydrated }) => {
      const root = document.getElementById('root');
      return !root?.hasAttribute(drawn) || root.hasAttribute(hydrated);
    },
    { drawn: SSR_ROOT_ATTRIBUTE, hydrated: HYDRATED_ATTRIBUTE },
    { timeout: timeoutMs },
  );
}

/** Allows more console errors on a page from now on (e.g. right before stopping the server). */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  const watch = watchedPages.get(page);
  if (!watch) throw new Error('allowConsoleErrors: page was not created by newPage()');
  watch.allowed.push(...patterns);
}

// ---------------------------------------------------------------------------------------------
// Signing in and reading the API as the page does (one helper each; issue 30 §3)
// ---------------------------------------------------------------------------------------------

/** Every demo buyer's password (README "Demo accounts"). */
export const BUYER_PASSWORD = 'demo1234';

export interface SignInOptions {
  /**
   * 'api' (default): POST the login in the page's context (its session cookie) and open `landOn`;
   * a test of signing in itself uses 'form', the login page as a buyer fills it.
   * E2E_SIGN_IN=form makes every sign-in use the form (to compare).
   */
  via?: 'api' | 'form';
  /** Where the page is afterwards: default the home page, where the login form lands. */
  landOn?: string;
}

function signInVia(options: SignInOptions): 'api' | 'form' {
  return process.env.E2E_SIGN_IN === 'form' ? 'form' : (options.via ?? 'api');
}

/** Signs a demo buyer (password demo1234) in; the page ends on `landOn` ('/'), hydrated. */
export async function signInBuyer(page: Page, username = 'demo', options: SignInOptions = {}): Promise<void> {
  const landOn = options.landOn ?? '/';
  if (signInVia(options) === 'form') {
    await page.goto('/login');
    await page.fill('input[name="username"]', username);
    await page.fill('input[name="password"]', BUYER_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/');
    if (landOn !== '/') await page.goto(landOn);
    return;
  }
  const res = await page.request.post('/api/user/login', { form: { username, password: BUYER_PASSWORD } });
  if (!res.ok()) throw new Error(`signInBuyer(${username}): ${res.status()} ${await res.text()}`);
  await page.goto(landOn);
}

/**
 * Signs a demo operator (password console1234; admin with its TOTP code) into the console; the
 * page ends on the 工作台, or on `landOn`.
 */
export async function signInOperator(page: Page, username: string, options: SignInOptions = {}): Promise<void> {
  const totp =
    username === 'admin' ? new TOTP({ secret: Secret.fromBase32(ADMIN_DEMO_TOTP_SECRET) }).generate() : undefined;
  if (signInVia(options) === 'form') {
    await page.goto('/admin/login');
    await page.fill('input[name="username"]', username);
    await page.fill('input[name="password"]', OPERATOR_DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    if (totp) {
      const code = page.locator('input[name="totp"]');
      await code.waitFor({ timeout: 10_000 });
      await code.fill(totp);
      await page.getByRole('button', { name: '验证并登录' }).click();
    }
    await page.getByRole('heading', { name: '工作台' }).waitFor({ timeout: 15_000 });
    if (options.landOn) await page.goto(options.landOn);
    return;
  }
  const form: Record<string, string> = { username, password: OPERATOR_DEMO_PASSWORD, ...(totp ? { totp } : {}) };
  const res = await page.request.post('/api/admin/login', { form });
  if (!res.ok()) throw new Error(`signInOperator(${username}): ${res.status()} ${await res.text()}`);
  await page.goto(options.landOn ?? '/admin/');
  if (!options.landOn) await page.getByRole('heading', { name: '工作台' }).waitFor({ timeout: 15_000 });
}

/** GET `path` from inside the page (its cookies, as the app calls it): the envelope's data. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: 'include' });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

// ---------------------------------------------------------------------------------------------
// Accessibility: axe-core on every page a test leaves open (docs/decisions/test-layers.md)
// ---------------------------------------------------------------------------------------------

/** Read once per test file; evaluated through CDP, so the app's CSP does not apply to it. */
let axeSource: string | null = null;
function axeScript(): string {
  axeSource ??= readFileSync(path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Third-party markup the app cannot change. Each entry: a CSS selector axe skips, and why.
 * Empty on purpose: add a selector only with the widget's name and the reason it cannot be fixed.
 */
const AXE_EXCLUDE: readonly string[] = [];

/** The longest axe waits for finite animations (a fade, a toast's slide) to end before it reads colours. */
const ANIMATION_SETTLE_CAP_MS = 2_000;

interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical axe violations in one frame (the frame's own document, not its iframes). */
async function axeFrame(frame: Frame): Promise<AxeFinding[]> {
  const loaded = await frame.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await frame.evaluate(axeScript());
  // axe judges the page at rest: a slide caught mid-fade has a blended colour no reader sees for long.
  await frame.evaluate(async (capMs: number) => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, capMs))]);
  }, ANIMATION_SETTLE_CAP_MS);
  return frame.evaluate(async (exclude: readonly string[]) => {
    type Axe = {
      run(
        context: unknown,
        options: unknown,
      ): Promise<{
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: string[]; failureSummary?: string }[];
        }[];
      }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(
      { include: [document], exclude: exclude.map((selector) => [selector]) },
      {
        resultTypes: ['violations'],
        iframes: false,
        // Experimental in axe, so off by default; issue 21 names it (a control's name must contain its text).
        rules: { 'label-content-name-mismatch': { enabled: true } },
      },
    );
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
      }));
  }, AXE_EXCLUDE);
}

/**
 * Runs axe on every frame of an open page (the chat frame included) and returns one line per
 * serious/critical violation. A frame that navigates away meanwhile is skipped, not failed.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  // Reduced motion: the shop's transitions (the home carousel's fade) end at once, so a rotation that
  // starts while axe runs cannot put a half-faded slide under the contrast rule; restored afterwards.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    return await framesProblems(page);
  } finally {
    if (!page.isClosed()) await page.emulateMedia({ reducedMotion: null }).catch(() => undefined);
  }
}

async function framesProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const frame of page.frames()) {
    const url = frame.url();
    if (!url.startsWith('http')) continue;
    let findings: AxeFinding[];
    try {
      findings = await axeFrame(frame);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/context was destroyed|detached|Target .*closed|navigat/i.test(message)) continue;
      problems.push(`axe could not run on ${url}: ${message}`);
      continue;
    }
    for (const finding of findings) {
      const where = finding.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
        .join('; ');
      problems.push(`axe ${finding.impact} ${finding.id} (${finding.help}) on ${url}: ${where}`);
    }
  }
  return problems;
}

/** Skips the end-of-test axe run for a page (only for a page whose app is deliberately broken). */
export function skipAccessibilityCheck(page: Page): void {
  const watch = watchedPages.get(page);
  if (!watch) throw new Error('skipAccessibilityCheck: page was not created by newPage()');
  watch.skipAxe = true;
}

/**
 * After each test (tests/setup/e2e-file-hooks.ts registers it for every browser file): report the
 * test's page problems in that test.
 */
export async function checkPagesAfterTest(context: { task: { name: string; result?: { state?: string } } }) {
  const failed = context.task.result?.state === 'fail';
  const problems: string[] = [];
  for (const [page, watch] of watchedPages) {
    // A failed test already reports its cause; axe on its half-done page would only add noise.
    if (!failed && !watch.skipAxe && !page.isClosed()) {
      watch.problems.push(...(await accessibilityProblems(page)));
    }
    if (failed && !page.isClosed()) {
      await logPageState(page, watch, context.task.name).catch(() => undefined);
      const file = `failed-${context.task.name}-${watch.name}`.replace(/[^\w\u4e00-\u9fa5-]+/g, '_');
      await saveScreenshot(page, file, true).catch(() => undefined);
    }
    problems.push(...watch.problems.map((p) => `[${watch.name}] ${p}`));
    watch.problems = [];
    if (page.isClosed()) watchedPages.delete(page);
  }
  if (problems.length > 0) {
    throw new Error(`The browser reported ${problems.length} problem(s):\n${problems.join('\n')}`);
  }
}

/** Screenshots for people to look at are taken only when asked: E2E_SCREENSHOTS=1. */
export function screenshotsWanted(): boolean {
  return process.env.E2E_SCREENSHOTS === '1';
}

/**
 * With E2E_SCREENSHOTS=1, saves a PNG of the page (full page unless told) in this run's artifacts
 * folder and returns its path; otherwise does nothing (a full-page PNG costs a shared core up to a
 * second) and returns null. A failed test's pages are always saved, named failed-….
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string | null> {
  if (!screenshotsWanted()) return null;
  return saveScreenshot(page, name, options.fullPage ?? true);
}

async function saveScreenshot(page: Page, name: string, fullPage: boolean): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

export type { RunningServer, StartServerOptions };
export { freePort };

const tempDirs: string[] = [];
const children = new Set<ChildProcess>();

function cleanUp(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
/**
 * After a file's own afterAll hooks (which stop their servers and close their browsers;
 * tests/setup/e2e-file-hooks.ts registers it for every browser file): no server outlives its test
 * file, no temp data dir is left behind, and the file's pages are forgotten (what they reported while
 * closing belongs to no test; the worker's next file must not inherit it). The exit hook covers an
 * aborted run.
 */
export async function endBrowserFile(): Promise<void> {
  watchedPages.clear();
  await killAndWait(children);
  await Promise.all(tempDirs.map((dir) => dropDataDirDatabase(dir)));
  cleanUp();
}
process.once('exit', cleanUp);

/** The default demo seed is the same for every file: only SEED_* or another database change it. */
function seedsAsDefault(env: Record<string, string> | undefined): boolean {
  return !Object.keys(env ?? {}).some((key) => key.startsWith('SEED_') || key === 'DATABASE_URL' || key === 'NODE_ENV');
}

/** This run's bundled server (tests/setup/e2e-server-bundle.ts), or null: run the sources with tsx. */
function serverBundle(): string | null {
  if (process.env.E2E_SERVER_ENTRY) return null;
  try {
    return inject('e2eServerBundle') || null;
  } catch {
    return null;
  }
}

/** How this file's servers are spawned: the run's bundle, killed with the file, timed if asked. */
function spawnOptions(): SpawnOptions {
  return {
    bundle: serverBundle(),
    track: (child) => {
      children.add(child);
      child.once('exit', () => children.delete(child));
    },
    note: timingsNote(() => path.basename(expect.getState().testPath ?? '')),
  };
}

/**
 * Spawns a server of this file's own (this run's bundle, else `node --import tsx server/index.ts`)
 * and resolves once it printed `listening on http://localhost:PORT` and GET /api/health answers 200.
 * Without a data dir: a fresh one, a copy of this run's seeded template unless `env` seeds otherwise.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const how = spawnOptions();
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaodian-e2e-'));
    tempDirs.push(dataDir);
    if (seedsAsDefault(options.env)) {
      const asked = Date.now();
      const template = await seededTemplate(process.ppid, how);
      const copying = Date.now();
      await copyTemplate(template, dataDir);
      how.note?.(`template wait ${copying - asked} ms, copy ${Date.now() - copying} ms`);
    }
  }
  if (options.port !== undefined) return spawnServer(options, options.port, dataDir, how);
  return spawnOnFreePort(options, dataDir, how);
}

/**
 * Runs `offline` with the file's `server` stopped. When it fails, the server is started again on its
 * port and data, and handed to `restarted` (the file keeps it, so its retry stops this one), before
 * the failure goes on: the test's retry (CI) and the tests after it then find a server — a failed
 * attempt left quick-purchase's retry and the two tests after it with none (session 23). After a
 * success it stays stopped; the test starts it again where its story needs it.
 */
export async function whileServerStopped<T>(
  server: RunningServer,
  offline: () => Promise<T>,
  restarted: (server: RunningServer) => void,
): Promise<T> {
  await server.stop();
  try {
    return await offline();
  } catch (error) {
    restarted(await startServer({ port: server.port, dataDir: server.dataDir }));
    throw error;
  }
}

/** A seed and a start on a loaded 2-core machine (as long as seededTemplate waits for a seeding file). */
const SHARED_SERVER_WAIT_MS = 240_000;

/**
 * The run's shared server (tests/setup/e2e-shared-server.ts): the default demo seed, started once
 * per run, for the files that opt in. A file may opt in only if nothing it writes is read by another
 * opted-in file (it reads the demo data, or writes what is its own: its session, its own draw
 * record) and it never stops, restarts or reconfigures the server; the list and why each file may
 * share is in docs/decisions/test-layers.md (sessions 15 and 16). `stop()` leaves the shared server running.
 * Without one (E2E_SHARED_SERVER=0, no global setup) the file starts a server of its own as before.
 */
export async function sharedServer(): Promise<RunningServer> {
  assertBuilt();
  let noteFile = '';
  try {
    noteFile = inject('e2eSharedServer');
  } catch {
    // Not inside a vitest worker with the e2e project's global setup.
  }
  if (!noteFile) return startServer();
  // Started in the background by the global setup (seeding the template first): wait for it.
  const deadline = Date.now() + SHARED_SERVER_WAIT_MS;
  while (!existsSync(noteFile)) {
    if (Date.now() > deadline) throw new Error(`the shared server was not announced in ${noteFile} in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const note = JSON.parse(readFileSync(noteFile, 'utf8')) as SharedServerNote;
  if ('error' in note) throw new Error(`the run's shared server did not start: ${note.error}`);
  const { url, port, dataDir } = note;
  return {
    url,
    port,
    dataDir,
    output: () => "(the shared server's output is not collected)",
    stop: async () => undefined,
    kill: () => Promise.reject(new Error('the shared server cannot be killed by a test file: use startServer()')),
  };
}

/**
 * A fixed morning for tests whose answer depends on the Shanghai day: the server's clock starts at
 * 10:00 in Shanghai of today's date (SHOP_CLOCK_START, honoured by demo and test servers only) and
 * runs on from there, so the day the test writes and the day the server reads are the same even
 * when the run crosses midnight. `day(n)` is YYYY-MM-DD n days from that morning.
 */
export function shanghaiMorning(): { env: Record<string, string>; day: (days?: number) => string } {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const morning = Date.parse(`${today}T02:00:00.000Z`);
  return {
    env: { SHOP_CLOCK_START: new Date(morning).toISOString() },
    day: (days = 0) => new Date(morning + days * 86_400_000).toISOString().slice(0, 10),
  };
}
