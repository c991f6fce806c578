import './ui.css';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSanitizedHtml } from '../../lib/sanitize-html';

/**
 * Operator HTML (help, notices, pages), sanitised in the browser too (lib/sanitize-html). Links inside
 * the site (href="/m/…") go through the router instead of reloading the app.
 */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const navigate = useNavigate();
  const safe = useSanitizedHtml(html);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || a.target === '_blank' || !href.startsWith('/') || href.startsWith('//')) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // The click handler only reroutes clicks on the real links inside (Enter on a link is a click too).
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      data-testid={testId}
      aria-busy={safe === null}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: safe ?? '' }}
    />
  );
}
