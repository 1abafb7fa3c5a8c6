// The JavaScript a visitor downloads for `/` stays within budget, and no signed-in area is in it.
import { gzipSync } from 'node:zlib';
import { expect, test, waitForPage } from './support/fixtures.ts';

// The target is 100 KB. React DOM, React Router and i18next alone weigh about 96 KB
// gzip (docs/decisions/002-first-page-load-budget.md), so this guard holds the line at 110 KB
// until that target is settled; the README states the measured figure.
const budgetBytes = 110 * 1024;

test('the JavaScript loaded for / stays within its gzip budget and holds no signed-in code', async ({
  page,
  request,
}) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto('/');
  await waitForPage(page);
  await page.waitForLoadState('networkidle');

  let total = 0;
  const sizes: string[] = [];
  for (const url of scripts) {
    // Fetch the plain file and gzip it ourselves, so the figure is the same whatever the transport.
    const body = await (
      await request.get(url, { headers: { 'accept-encoding': 'identity' } })
    ).body();
    const gzipped = gzipSync(body, { level: 9 }).length;
    total += gzipped;
    sizes.push(`${new URL(url).pathname} ${(gzipped / 1024).toFixed(1)} KB`);
  }
  const figure = `${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`;
  console.log(`First load of /: ${figure}\n  ${sizes.join('\n  ')}`);
  test.info().annotations.push({ type: 'first-load', description: figure });

  expect(sizes.join('\n')).not.toMatch(/dashboard|admin|settings|kyc|trading|query-layout/i);
  expect(total, `first load of / is ${figure}`).toBeLessThanOrEqual(budgetBytes);
});
