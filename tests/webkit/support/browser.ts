import { Builder, By, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { inject } from 'vitest';
import { startProbeProxy, type ProbeProxy, type ProbeState } from './probe-proxy';

/** A phone's viewport, as the Chromium lane's 'phone' project. */
export const PHONE = { width: 390, height: 844 } as const;

/** MiniBrowser, the WebKitGTK browser of webkit2gtk-driver. */
const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export type WebKitPage = {
  driver: WebDriver;
  proxy: ProbeProxy;
  /** The site's address as the browser reaches it (through the probe proxy). */
  baseURL: string;
  /** Opens a path of the site and waits for the document to have loaded. */
  open: (path: string) => Promise<void>;
  /** What the probe saw in the current document. */
  probe: () => Promise<ProbeState>;
  /** How far the page reaches past the viewport's right edge, in CSS pixels (0 when it fits). */
  overflowX: () => Promise<number>;
  close: () => Promise<void>;
};

/**
 * A WebKit session at a phone's width, behind a probe proxy of its own (errors, EmailJS).
 * `address` is the client address the site sees (X-Forwarded-For).
 */
export async function openWebKit(address = '198.18.200.1'): Promise<WebKitPage> {
  const proxy = await startProbeProxy(inject('siteURL'));
  proxy.setClientAddress(address);
  const driver = await new Builder()
    .usingServer(inject('webDriverURL'))
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    })
    .build();
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...PHONE });
  await driver.manage().setTimeouts({ pageLoad: 60_000, script: 30_000 });
  const open = async (path: string) => {
    await driver.get(new URL(path, proxy.url).toString());
    await driver.wait(
      async () => (await driver.executeScript('return document.readyState')) === 'complete',
      30_000,
    );
  };
  const probe = async () =>
    ((await driver.executeScript('return window.__tcsaProbe')) as ProbeState | null) ?? {
      errors: ['the probe script did not run in this page'],
      emailJs: [],
    };
  const overflowX = async () =>
    (await driver.executeScript(
      'return Math.max(0, document.documentElement.scrollWidth - window.innerWidth)',
    )) as number;
  return {
    driver,
    proxy,
    baseURL: proxy.url,
    open,
    probe,
    overflowX,
    close: async () => {
      await driver.quit().catch(() => undefined);
      await proxy.close();
    },
  };
}

/** Waits for an element by CSS selector to be present and displayed. */
export async function visible(driver: WebDriver, css: string, timeout = 20_000) {
  const element = await driver.wait(until.elementLocated(By.css(css)), timeout, `no ${css}`);
  await driver.wait(until.elementIsVisible(element), timeout, `${css} is not visible`);
  return element;
}

/** Waits until the element's text matches. */
export async function textOf(
  element: WebElement,
  expected: RegExp,
  timeout = 20_000,
): Promise<string> {
  const driver = element.getDriver();
  let last = '';
  await driver.wait(
    async () => {
      last = await element.getText();
      return expected.test(last);
    },
    timeout,
    `text never matched ${expected}`,
  );
  return last;
}

/** Waits until `script` (a function body) returns a truthy value in the page, and returns it. */
export async function waitInPage<T>(
  driver: WebDriver,
  script: string,
  message: string,
  timeout = 20_000,
): Promise<T> {
  let value: unknown;
  await driver.wait(
    async () => {
      value = await driver.executeScript(script);
      return Boolean(value);
    },
    timeout,
    message,
  );
  return value as T;
}

/**
 * Scrolls from top to bottom a screen at a time, so that every section that renders only near
 * the viewport is in the page, then back to the top (instantly: the page's own smooth scrolling
 * would leave the page moving).
 */
export async function scrollThrough(driver: WebDriver): Promise<void> {
  const [height, screen] = (await driver.executeScript(
    'return [document.documentElement.scrollHeight, window.innerHeight]',
  )) as [number, number];
  for (let top = 0; top < height; top += screen) {
    await driver.executeScript(`window.scrollTo({ top: ${top}, behavior: 'instant' })`);
    await driver.sleep(150);
  }
  await driver.executeScript("window.scrollTo({ top: 0, behavior: 'instant' })");
}

/** Brings an element to the middle of the viewport (WebKitWebDriver clears only a field in view). */
export async function reveal(element: WebElement): Promise<WebElement> {
  await element
    .getDriver()
    .executeScript(
      "arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' })",
      element,
    );
  return element;
}

/** Fills a field: clears what it holds, then types like a person. */
export async function fill(element: WebElement, value: string): Promise<void> {
  await reveal(element);
  await element.clear();
  await element.sendKeys(value);
}

/**
 * The field whose <label> reads `label` (ignoring spacing and a required field's '*'), inside the
 * first element matching `scope` (a CSS selector).
 */
export async function byLabel(
  driver: WebDriver,
  label: string,
  scope = 'body',
): Promise<WebElement> {
  let field: WebElement | null = null;
  await driver.wait(
    async () => {
      field = (await driver.executeScript(
        `const [scope, wanted] = arguments;
        for (const label of document.querySelector(scope)?.querySelectorAll('label') ?? []) {
          const text = label.textContent.replace(/\\*\\s*$/, '').replace(/\\s+/g, ' ').trim();
          if (text === wanted) return label.control;
        }
        return null;`,
        scope,
        label,
      )) as WebElement | null;
      return field !== null;
    },
    20_000,
    `no field labelled "${label}" in ${scope}`,
  );
  return field!;
}

export function xpathString(text: string): string {
  return text.includes("'") ? `concat('${text.split("'").join(`', "'", '`)}')` : `'${text}'`;
}

/** A button or link by its visible text or accessible label. */
export async function control(
  driver: WebDriver,
  name: string,
  scope = '',
  timeout = 20_000,
): Promise<WebElement> {
  const text = xpathString(name);
  return driver.wait(
    until.elementLocated(
      By.xpath(
        `${scope}//*[(self::button or self::a) and (normalize-space()=${text} or @aria-label=${text})]`,
      ),
    ),
    timeout,
    `no button or link "${name}"`,
  );
}
