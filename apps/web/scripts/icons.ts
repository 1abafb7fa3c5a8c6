// `node apps/web/scripts/icons.ts`: draws the installed app's icons (public/icons/*.png) from
// the app's mark, public/favicon.svg, with Chromium (CHROMIUM_PATH, else /usr/bin/chromium), so
// the icons are the mark itself at each size. Run it again after changing the mark and commit
// the PNGs; the build only copies them. The maskable icon keeps the mark inside the middle 80 %
// (the safe zone a launcher's mask never cuts) on the mark's own navy, to the edges.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const navy = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(mark)?.[1];
if (!navy) throw new Error('favicon.svg: the mark has no background rect to take the colour from.');

const icons = [
  { file: 'icon-192.png', size: 192, isMaskable: false },
  { file: 'icon-512.png', size: 512, isMaskable: false },
  { file: 'icon-maskable-512.png', size: 512, isMaskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, isMaskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const markSize = isMaskable ? Math.round(size * 0.72) : size;
    const svg = mark.replace('<svg ', `<svg width="${markSize}" height="${markSize}" `);
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:${size}px;background:${isMaskable ? navy : 'transparent'}">${svg}</body>`,
    );
    await page.screenshot({
      path: path.join(publicDir, 'icons', file),
      omitBackground: !isMaskable,
    });
    await page.close();
    console.log(`Drew public/icons/${file} (${size}×${size}${isMaskable ? ', maskable' : ''})`);
  }
} finally {
  await browser.close();
}
