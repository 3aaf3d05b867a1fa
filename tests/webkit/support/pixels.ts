import sharp from 'sharp';
import type { WebElement } from 'selenium-webdriver';

/**
 * The share of an element's pixels, as WebKit painted them (a WebDriver element screenshot),
 * that are clearly coloured (the spread of red, green and blue over 60) or not background
 * (alpha over 0 and not near white or the page's dark background): a drawn gallery or chart has
 * many, an empty canvas none.
 */
export async function inkedShare(element: WebElement): Promise<number> {
  let screenshot: string;
  try {
    screenshot = await element.takeScreenshot(true);
  } catch (error) {
    // WebKitWebDriver cannot take a snapshot while the page has not painted a frame since it
    // changed (seen on a loaded machine as the gallery's canvas first draws): nothing painted yet,
    // the same as an empty element to the callers, which wait for the pixels.
    if ((error as Error).name === 'UnableToCaptureScreenError') return 0;
    throw error;
  }
  const png = Buffer.from(screenshot, 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let index = 0; index < data.length; index += info.channels) {
    const [r, g, b] = [data[index]!, data[index + 1]!, data[index + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) inked += 1;
  }
  return inked / (info.width * info.height);
}
