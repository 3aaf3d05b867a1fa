import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { By, until } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { E2E_EMAILJS } from '../e2e/support/server';
import { storedResumeWith } from '../e2e/support/submissions';
import { byLabel, control, fill, openWebKit, reveal, type WebKitPage } from './support/browser';

/** The join form in WebKit at 390 px: a resume chosen through the file input, sent and stored. */
const SUCCESS =
  'Your application has been submitted. You should receive a confirmation email shortly.';

describe('the join form in WebKit at 390 px', () => {
  let page: WebKitPage;
  let resumePath: string;
  // Bytes no other test uploads, to find this resume among the stored ones.
  const resume = Buffer.from(`%PDF-1.7\n% a resume sent from WebKit ${Date.now()}\n`);
  beforeAll(async () => {
    page = await openWebKit('198.18.205.1');
    resumePath = path.join(mkdtempSync(path.join(tmpdir(), 'tcsa-webkit-')), 'mei-lin-resume.pdf');
    writeFileSync(resumePath, resume);
    // storedResumeWith looks in the test server's uploads folder, beside its database.
    process.env.E2E_PGLITE_DATA_DIR = path.join(path.dirname(inject('siteLogFile')), 'pglite');
  });
  afterAll(async () => {
    await page?.close();
  });

  it('uploads a resume with the application', async () => {
    await page.open('/joinus');
    const form = 'form[enctype="multipart/form-data"]';
    await fill(await byLabel(page.driver, 'Name', form), 'Mei Lin');
    await fill(await byLabel(page.driver, 'Email', form), 'mei.lin@example.org');
    await fill(await byLabel(page.driver, 'Position Applying For', form), 'Marketing Associate');
    const file = await reveal(await byLabel(page.driver, 'Upload Resume', form));
    await file.sendKeys(resumePath);
    expect(await page.driver.executeScript('return arguments[0].files[0]?.name', file)).toBe(
      'mei-lin-resume.pdf',
    );
    await (await reveal(await control(page.driver, 'Submit', '//form'))).click();
    const dialog = await page.driver.wait(
      until.elementLocated(By.css('dialog[open]')),
      20_000,
      'the confirmation dialog never opened',
    );
    await (
      await dialog.findElement(By.xpath(".//button[normalize-space()='Yes, submit']"))
    ).click();
    await page.driver.wait(until.alertIsPresent(), 30_000);
    const alert = await page.driver.switchTo().alert();
    expect(await alert.getText()).toBe(SUCCESS);
    await alert.accept();

    const sent = (await page.probe()).emailJs;
    expect(sent.map((call) => call.path)).toEqual([
      '/api/v1.0/email/send-form',
      '/api/v1.0/email/send',
    ]);
    expect(Object.fromEntries(JSON.parse(sent[0]!.body) as [string, string][])).toMatchObject({
      applicant_name: 'Mei Lin',
      resume_file: 'file:mei-lin-resume.pdf',
      template_id: E2E_EMAILJS.EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID,
    });
    expect(storedResumeWith(resume)).toBe(true);
    expect((await page.probe()).errors).toEqual([]);
    expect(await page.overflowX()).toBe(0);
  });
});
