import { launch, openPage } from './browser.mjs';
import { riverLink, riverSamples, cellCentre } from './helpers.mjs';
const browser = await launch({ viewport: { width: 1280, height: 800 } });
try {
  const page = await openPage(browser.context);
  const link = riverLink((await riverSamples())[4]);
  await page.goto(`${browser.url}index.html${link}&solve=1`);
  await page.waitForSelector('[data-testid=verdict][data-result]');
  const at = await cellCentre(page, 7, 4);
  await page.mouse.click(at.x, at.y);
  await page.waitForSelector('[data-testid=provenance]:not([hidden]):not([data-how=working])');
  await page.locator('[data-testid=provenance-child]').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/tl/preview.png' });
  await page.goto(`${browser.url}index.html?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1&solve=1`);
  await page.waitForSelector('[data-testid=verdict][data-result]');
  await page.locator('[data-testid=replay-why]').click();
  await page.waitForSelector('[data-testid=provenance]:not([hidden]):not([data-how=working])');
  await page.evaluate(() => { const s = document.querySelector('[data-testid=timeline]'); s.value = '4'; s.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/tl/tableau.png' });
  console.log(page.problems);
} finally { await browser.close(); }
