import type { Page } from '@playwright/test';

/**
 * Visible text on the page that contains Latin letters, ignoring places that are Latin on
 * purpose: elements marked lang="en" (the switch to English) or dir="ltr" (emails, phones).
 */
export async function latinTextOutsideLtr(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !/[A-Za-z]/.test(text)) continue;
      if (parent.closest('[lang="en"], [dir="ltr"], script, style, noscript, [aria-hidden="true"]'))
        continue;
      const style = window.getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (parent.closest('.sr-only') && !parent.matches(':focus')) continue;
      found.push(text);
    }
    return found;
  });
}
