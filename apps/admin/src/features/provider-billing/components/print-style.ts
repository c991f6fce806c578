import { useEffect } from 'react';

/**
 * While the invoice page is open, printing shows the invoice alone: the provider console's header and
 * navigation and whatever is marked `.print-hide` (the way back, the Print button) are not printed, and
 * the page's frame gives the invoice the whole sheet. The rules leave with the page.
 */
const PRINT_CSS = `
@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, .print-hide { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  .invoice-document { border: 0 !important; padding: 0 !important; box-shadow: none !important; }
  .invoice-lines { overflow: visible !important; }
  .invoice-document table { font-size: 9pt; }
  @page { margin: 15mm; }
}
`;

export function usePrintStyle(): void {
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.print = 'invoice';
    style.textContent = PRINT_CSS;
    document.head.append(style);
    return () => style.remove();
  }, []);
}
