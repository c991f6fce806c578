export const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f3f4f6;color:#111}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1.5rem;display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}
dt{color:#4b5563}dd{margin:0;text-align:right;font-weight:600;word-break:break-all}
.amount{font-size:1.5rem}
form{display:grid;gap:.75rem}
button{font:inherit;font-weight:600;min-height:3rem;border-radius:.75rem;border:2px solid transparent;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.pay{background:#15803d;color:#fff}.decline{background:#fff;color:#991b1b;border-color:#991b1b}
p.note{color:#4b5563;font-size:.875rem}`;

export interface PageInfo {
  ref: string;
  merchantName: string;
  orderId: string;
  amount: string;
  currency: string;
  status: 'open' | 'paid' | 'failed';
  returnUrl: string;
}

/** The hosted payment page: plain HTML, readable on a phone, two real buttons. */
export function paymentPage(p: PageInfo): string {
  const body =
    p.status === 'open'
      ? `<form method="post" action="/pay/${encodeURIComponent(p.ref)}">
  <button class="pay" type="submit" name="outcome" value="paid">Pay</button>
  <button class="decline" type="submit" name="outcome" value="failed">Decline</button>
</form>
<p class="note">PaySim is a payment simulator: no real money moves.</p>`
      : `<p role="status">This payment is already ${p.status === 'paid' ? 'paid' : 'declined'}.</p>
<p><a href="${escape(p.returnUrl)}">Back to ${escape(p.merchantName)}</a></p>`;
  return pageShell(
    `PaySim – pay ${p.merchantName}`,
    `<h1>Pay ${escape(p.merchantName)}</h1>
<dl>
  <dt>Amount</dt><dd class="amount">${escape(p.currency)} ${escape(p.amount)}</dd>
  <dt>Merchant</dt><dd>${escape(p.merchantName)}</dd>
  <dt>Order</dt><dd>${escape(p.orderId)}</dd>
</dl>
${body}`,
  );
}

/** A simulator page: plain HTML, readable on a phone; `title` is text, `main` is HTML already escaped. */
export function pageShell(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
}
