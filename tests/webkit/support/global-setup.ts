import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  DATABASE_TEMPLATE_VARIABLE,
  prepareDatabaseTemplate,
} from '../../e2e/support/database-template';
import { findFreePort, startSite } from '../../e2e/support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server (the production build of NEXT_DIST_DIR, on a seeded database copy). */
    siteURL: string;
    /** What the test server prints (its setup link for the console's first account). */
    siteLogFile: string;
    /** WebKitWebDriver's address. */
    webDriverURL: string;
  }
}

/** Debian's WebKitGTK WebDriver server and the browser it drives (webkit2gtk-driver). */
const WEBKIT_WEBDRIVER = process.env.WEBKIT_WEBDRIVER || '/usr/bin/WebKitWebDriver';

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide; a phone is 390. This GTK style
 * sheet (read from XDG_CONFIG_HOME) shrinks the toolbar's widgets so that the window, and the
 * page's viewport with it, can be set to 390 px. Only the browser's own controls change.
 */
const SMALL_TOOLBAR_CSS =
  'window * { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

async function waitForWebDriver(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode}).`);
    try {
      const answer = await fetch(`${url}/status`);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url} within 20 s.`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(WEBKIT_WEBDRIVER)) {
    throw new Error(
      `No ${WEBKIT_WEBDRIVER}: install Debian's webkit2gtk-driver and xvfb (npm run test:webkit does).`,
    );
  }
  if (!process.env.DISPLAY) {
    throw new Error(
      'No X display: run the WebKit tests under xvfb-run (npm run test:webkit does).',
    );
  }
  const template = prepareDatabaseTemplate();
  process.env[DATABASE_TEMPLATE_VARIABLE] = template;
  const site = await startSite();

  const gtkConfig = mkdtempSync(path.join(tmpdir(), 'tcsa-webkit-gtk-'));
  mkdirSync(path.join(gtkConfig, 'gtk-3.0'));
  writeFileSync(path.join(gtkConfig, 'gtk-3.0', 'gtk.css'), SMALL_TOOLBAR_CSS);
  const port = await findFreePort();
  const driver = spawn(WEBKIT_WEBDRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // English as a phone set to it (navigator.language en-US); the club's members, often newly
    // arrived, may well have their phone on China's time: the pages must not depend on it.
    env: { ...process.env, XDG_CONFIG_HOME: gtkConfig, LANG: 'en_US.UTF-8', TZ: 'Asia/Shanghai' },
  });
  // GTK warns that the C library has no en_US locale (it needs none: WebKit has its own ICU).
  driver.stderr?.on('data', (chunk: Buffer) => {
    const lines = chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() && !/Locale not supported|fallback 'C' locale/.test(line));
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  });
  const webDriverURL = `http://127.0.0.1:${port}`;
  try {
    await waitForWebDriver(webDriverURL, driver);
  } catch (error) {
    driver.kill();
    await site.stop();
    throw error;
  }

  project.provide('siteURL', site.baseURL);
  project.provide('siteLogFile', path.join(path.dirname(site.dataDir), 'server.log'));
  project.provide('webDriverURL', webDriverURL);

  return async () => {
    driver.kill();
    await site.stop();
    rmSync(template, { recursive: true, force: true });
    rmSync(gtkConfig, { recursive: true, force: true });
  };
}
