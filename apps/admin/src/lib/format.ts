// Amounts are the contract's (`displayAmount`, `AMOUNT_TEXT` in @panalo/contract/money): one formatter
// for the server, the member site and the console. What is the console's own is here.

export const formatTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language === 'ty' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** What the API takes as a rate (a percent, up to two decimals). */
export const RATE_TEXT = /^\d{1,2}(\.\d{1,2})?$/;
