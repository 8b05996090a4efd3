import type { Page } from 'playwright-core';

/**
 * What a person would see as broken layout on the page as it is now: the page scrolling
 * sideways, an element reaching past the viewport's right edge, or an element that hides part
 * of its content (overflow hidden or clip, or an ellipsis) so text or a control is cut off.
 * Content inside a box that scrolls sideways on purpose (a wide table, a code block) is not
 * clipped: it is listed apart, as `scrollers`, for a person to judge. Nor is text shortened with
 * an ellipsis on purpose, whose whole text its `title` shows on hover (a member's long name), or
 * a text field's value, which scrolls inside it as the caret moves.
 */
export interface LayoutReport {
  problems: string[];
  scrollers: string[];
}

// Runs in the page; written as a string so the test's bundler does not rewrite it.
const inspect = `(() => {
  const problems = [];
  const scrollers = [];
  const root = document.scrollingElement || document.documentElement;
  const viewportRight = document.documentElement.clientWidth;
  const describe = (element) => {
    const parts = [];
    for (let node = element; node && node !== document.body && parts.length < 3; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      if (node.id) part += '#' + node.id;
      const classes = [...node.classList].filter((name) => !name.startsWith('m_')).slice(0, 2);
      if (classes.length > 0) part += '.' + classes.join('.');
      const label = node.getAttribute('aria-label');
      if (label) part += '[aria-label="' + label.slice(0, 40) + '"]';
      parts.unshift(part);
    }
    const text = (element.innerText || element.getAttribute('aria-label') || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 60);
    return parts.join(' > ') + (text ? ' "' + text + '"' : '');
  };
  if (root.scrollWidth > root.clientWidth) {
    problems.push('the page scrolls sideways: scrollWidth ' + root.scrollWidth + ' > clientWidth ' + root.clientWidth);
  }
  const shortenedOnPurpose = (element, style) =>
    style.textOverflow === 'ellipsis' &&
    element.title.trim() !== '' &&
    element.title.trim() === element.textContent.trim();
  const hiddenOnPurpose = (element, style) =>
    style.clip !== 'auto' ||
    style.clipPath !== 'none' ||
    style.opacity === '0' ||
    (element.offsetWidth <= 1 && element.offsetHeight <= 1);
  const insideScroller = (element) => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    return false;
  };
  const clippedByAncestor = (element) => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || hiddenOnPurpose(node, style)) return true;
    }
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility !== 'visible') continue;
    if (element.closest('[aria-hidden="true"]') || hiddenOnPurpose(element, style)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const overflowX = style.overflowX;
    if (overflowX === 'auto' || overflowX === 'scroll') {
      if (element.scrollWidth > element.clientWidth + 1) scrollers.push(describe(element));
      continue;
    }
    const clips = overflowX === 'hidden' || overflowX === 'clip' || style.textOverflow !== 'clip';
    const shortened =
      clips && (shortenedOnPurpose(element, style) || element.matches('input, textarea'));
    if (clips && !shortened && element.scrollWidth > element.clientWidth + 1 && !insideScroller(element)) {
      problems.push('cut off (' + element.scrollWidth + ' px of content in ' + element.clientWidth + ' px): ' + describe(element));
      continue;
    }
    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '',
    );
    if (ownText && !shortened && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && !insideScroller(element)) {
      problems.push('text runs out of its box (' + element.scrollWidth + ' px of text in ' + element.clientWidth + ' px): ' + describe(element));
      continue;
    }
    if (rect.right > viewportRight + 1 && !insideScroller(element) && !clippedByAncestor(element)) {
      problems.push('past the right edge (' + Math.round(rect.right) + ' > ' + viewportRight + ' px): ' + describe(element));
    }
  }
  if (problems.length === 1 && root.scrollWidth > root.clientWidth) {
    // Nothing visible sticks out: name what reaches furthest right (often text placed
    // absolutely for screen readers, escaping a box that scrolls).
    const furthest = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > viewportRight + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3);
    for (const { element, right } of furthest) {
      problems.push('reaches ' + Math.round(right) + ' px: ' + describe(element));
    }
  }
  return { problems, scrollers };
})()`;

export async function inspectLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate<LayoutReport>(inspect);
}

/** The first problems in document order (outermost first), for a failure message. */
export function summarise(report: LayoutReport, limit = 8): string {
  const lines = report.problems.slice(0, limit);
  const more = report.problems.length - lines.length;
  return (
    lines.map((line) => `    - ${line}`).join('\n') + (more > 0 ? `\n    … and ${more} more` : '')
  );
}
