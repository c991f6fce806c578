import type { Page } from 'playwright-core';

// Issue 49 item 5: what breaks a layout as people see it, found in the page as drawn (not in the CSS):
// a button or tab whose label wraps ("Sa / ve"), a word broken inside ("Deposi ts", "₱1,500. 00"), text
// that runs out of its box, a control hidden under a fixed bar, a balance that is not shown. Checked on
// every route by the accessibility passes (a11y.spec.ts), at 390 and at 320 px.

/** The layout problems of the page as it is now, each named with where it is; [] when there is none. */
export async function layoutProblems(page: Page, o: { words?: boolean } = {}): Promise<string[]> {
  const words = o.words ?? true;
  return page.evaluate((words) => {
    const problems: string[] = [];
    const seen = new Set<string>();
    const add = (p: string) => {
      if (!seen.has(p) && seen.size < 12) {
        seen.add(p);
        problems.push(p);
      }
    };
    const name = (el: Element) => {
      const h = el as HTMLElement;
      const cls = typeof h.className === 'string' && h.className ? `.${h.className.split(' ')[0]}` : '';
      return `${el.tagName.toLowerCase()}${h.dataset.testid ? `[${h.dataset.testid}]` : cls}`;
    };
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      el.getBoundingClientRect().width > 0;
    /** The line boxes a stretch of a text node is drawn on. */
    const lineCount = (node: Text, from: number, to: number) => {
      const r = document.createRange();
      r.setStart(node, from);
      r.setEnd(node, to);
      const tops: number[] = [];
      for (const rect of Array.from(r.getClientRects())) {
        if (rect.width < 0.5) continue;
        if (!tops.some((t) => Math.abs(t - rect.top) < rect.height / 2)) tops.push(rect.top);
      }
      return tops.length;
    };
    /** Text a box clips on purpose: an ellipsis, or a strip that scrolls sideways (a ticker, chips). */
    const clippedOnPurpose = (el: Element) => {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.textOverflow === 'ellipsis' || s.overflowX === 'auto' || s.overflowX === 'scroll') return true;
        if (p.getAttribute('aria-live') === 'off' && s.overflowX === 'hidden') return true;
      }
      return false;
    };
    const blockOf = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement)
        if (!['inline', 'contents'].includes(getComputedStyle(p).display)) return p;
      return el;
    };
    // A dialog counts as open while it fades in too (opacity still 0): its mask already covers the page.
    const modalOpen = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).some(
      (d) => d.checkVisibility({ visibilityProperty: true }) && d.getBoundingClientRect().width > 0,
    );

    /** The element's nearest box that stays put while the page scrolls (itself included), or null. */
    const fixedOf = (el: Element | null) => {
      for (let p = el; p && p !== document.body; p = p.parentElement) {
        const pos = getComputedStyle(p).position;
        if (pos === 'fixed' || pos === 'sticky') return p;
      }
      return null;
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const text = n.data;
      const parent = n.parentElement;
      if (!text.trim() || !parent || parent.closest('script, style, noscript, svg, [hidden]')) continue;
      if (!shown(parent)) continue;
      // Text kept for screen readers only (visually hidden: a box of a pixel) is not drawn.
      const own = parent.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) continue;
      const control = parent.closest('button, [role="tab"], [role="button"], .adm-button, .adm-tabs-tab');
      // 1. A tab's label stays on one line (a row of tabs; a column of long titles may wrap between words).
      const tab = control?.matches('[role="tab"], [data-testid*="tab"], .adm-tabs-tab') ? control : null;
      const inRow =
        tab?.parentElement && !getComputedStyle(tab.parentElement).flexDirection.startsWith('column');
      if (tab && inRow && lineCount(n, 0, text.length) > 1)
        add(`${name(tab)} "${text.trim().slice(0, 30)}": the label wraps`);
      // 2. No word is broken inside: a word of a normal length stays on one line; a hyphen, a dash or a
      // slash is a place where a line may end (Tagalog's mag-deposito), except in a row of tabs (check 1).
      for (const m of words ? text.matchAll(/\S+/g) : []) {
        const word = m[0];
        if (word.length < 2 || word.length > 24) continue;
        if (/[-‐–—/]/.test(word.slice(1, -1))) continue;
        const at = m.index ?? 0;
        if (lineCount(n, at, at + word.length) > 1) add(`${name(parent)}: "${word}" is broken across lines`);
      }
      // 3. Text stays inside its box (unless the box clips it on purpose).
      const box = blockOf(parent);
      const r = document.createRange();
      r.selectNodeContents(n);
      const t = r.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (t.width > 0 && (t.right > b.right + 1 || t.left < b.left - 1) && !clippedOnPurpose(parent))
        add(
          `${name(box)} "${text.trim().slice(0, 30)}": the text runs ${Math.round(Math.max(t.right - b.right, b.left - t.left))} px out of its box`,
        );
    }

    // 4. Nothing that can be tapped lies under a bar fixed at the top (a header covering the first row):
    // at the top of the page it can never be scrolled out from under it.
    if (!modalOpen) {
      for (const el of Array.from(document.body.querySelectorAll('a[href], button, [role="tab"], input'))) {
        if (!shown(el) || fixedOf(el)) continue;
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + Math.min(r.height / 2, 8);
        if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) continue;
        const top = document.elementFromPoint(x, y);
        if (!top || el.contains(top) || top.contains(el)) continue;
        const bar = fixedOf(top);
        // A layer as tall as the screen is an overlay (a dialog's mask), not a bar.
        const barBox = bar?.getBoundingClientRect();
        if (bar && barBox && barBox.top < 10 && barBox.height < innerHeight * 0.9 && scrollY === 0)
          add(`${name(el)} lies under ${name(bar)}`);
      }
    }

    // 5. Nothing that can be tapped is drawn over by something else of the page (a panel pulled up over
    // a row of tiles): the middle of each control is the control. What is fixed (the footer, a floating
    // button) scrolls away from over the page, so it is not counted here; an open dialog covers on purpose.
    if (!modalOpen) {
      for (const el of Array.from(document.body.querySelectorAll('a[href], button, [role="tab"], input'))) {
        if (!shown(el) || fixedOf(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 4 || r.height < 4) continue;
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) continue;
        const top = document.elementFromPoint(x, y);
        if (!top || el.contains(top) || top.contains(el) || fixedOf(top)) continue;
        // A label drawn over its own input (a custom switch or radio) is the input's face.
        if (top.closest('label')?.contains(el) || (el as HTMLInputElement).labels?.[0]?.contains(top))
          continue;
        add(`${name(el)} is drawn over by ${name(top)}`);
      }
    }

    // 6. Where the header shows the balance, it is shown in full: two decimals, inside the screen.
    const balance = document.querySelector('[data-testid="header-balance"]');
    if (balance && shown(balance)) {
      const r = balance.getBoundingClientRect();
      if (r.right > innerWidth + 1 || r.left < -1) add('header-balance: not inside the screen');
      if (!/\d\.\d\d|\*{3}/.test(balance.textContent ?? '')) add(`header-balance: "${balance.textContent}"`);
    }
    return problems;
  }, words);
}
